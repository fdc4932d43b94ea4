"""What is not the question: an aside before the ask, a form's labels, the page named."""

from __future__ import annotations

import pytest

from retrieval.answers.filters_alone import CONTEXT
from retrieval.engine import Engine
from retrieval.models import UNSURE, Answer
from retrieval.query.asking import (
    without_letter_form,
    without_reader_question,
    without_signature_block,
)
from retrieval.query.asking_part import without_form_labels


def titles(answer: Answer) -> list[str]:
    return [r.paper.title for r in answer.results]


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("good morning all, coffee's still brewing — which papers are from 2022?", "2022 papers"),
        ("apologies, first time posting here: which papers are filed under cs.DC?", "cs.DC papers"),
        ("hi, can someone list which papers are from 2024?", "2024 papers"),
        # the listing ask is a sentence of its own, with chatter after it
        (
            "which papers are from 2023. thanks in advance, the coffee machine is broken again",
            "2023 papers",
        ),
        (
            "Quick one. Which papers are filed under cs.DC? No rush at all, enjoy the weekend.",
            "cs.DC papers",
        ),
        # a message's lines are its sentences
        ("quick metadata question\nwhich papers are filed under cs.DC\nno rush", "cs.DC papers"),
    ],
)
def test_an_aside_before_a_listing_ask_gets_the_listing(
    engine: Engine, question: str, plain: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and titles(answer) == titles(engine.ask(plain))


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        # a label, or who asks and why, before the asking word; its rare words ("ledger",
        # "reconciliation") are held by no paper
        ("Ledger audit: which papers carry the cs.ET subject?", "cs.ET papers"),
        (
            "For the grant reconciliation, list every 2022 paper filed under cs.DC. Due by Friday.",
            "2022 cs.DC papers",
        ),
        # a sentence after the ask says why it is asked
        ("Which Zhiru Zhang papers are from 2023? Bookkeeping, sorry.", "Zhang papers from 2023"),
    ],
)
def test_words_around_a_listing_ask_are_an_aside(engine: Engine, question: str, plain: str) -> None:
    # Each was searched as a topic the list lacks ("ledger", "reconciliation") and
    # abstained.
    answer = engine.ask(question)
    assert not answer.abstained and titles(answer) == titles(engine.ask(plain))
    assert answer.notes[0].startswith("Nothing listed is about")


@pytest.mark.parametrize(
    "question",
    ["how many papers are on the list anyway?", "how many papers are there, roughly?"],
)
def test_a_word_beside_a_count_of_the_whole_list_is_an_aside(engine: Engine, question: str) -> None:
    # The word was searched as a topic the list lacks: "No listed paper matches."
    answer = engine.ask(question)
    assert answer.matched == len(engine.lookup.index.papers)
    assert answer.notes[0].startswith("Nothing listed is about")
    assert answer.notes[1].startswith(f"{answer.matched} papers, ")


@pytest.mark.parametrize(
    "question",
    ["how many papers on the list use robots?", "how many papers on the list are about knitting?"],
)
def test_a_topic_the_list_lacks_beside_a_count_finds_none(engine: Engine, question: str) -> None:
    assert engine.ask(question).abstained


def test_an_aside_a_search_within_the_filters_is_unsure_of_gets_the_listing(
    engine: Engine,
) -> None:
    # The chat's names and stamps found one cs.CV paper, "Not a sure match", within the
    # subject: they are no topic of it, and both cs.CV papers are asked for.
    question = "[08:15] jo: what is filed as cs.CV first\n[08:16] pat: any author\n[08:16] jo: @bot gimme all"
    answer = engine.ask(question)
    assert titles(answer) == titles(engine.ask("cs.CV papers")) and len(titles(answer)) == 2
    assert answer.notes[0].startswith("Nothing listed is about")


@pytest.mark.parametrize(
    "question",
    [
        "Name every preprint dealing with weather forecasts",  # abstained
        "For the audit, list every Torsten Hoefler paper from 2022 in cs.LG. For reconciliation.",
    ],
)
def test_every_paper_asks_for_all_of_them(engine: Engine, question: str) -> None:
    # "every ... paper" was read as one paper: the answer listed none.
    answer = engine.ask(question)
    assert len(titles(answer)) > 1 and not answer.abstained


def test_an_aside_the_list_has_nothing_on_is_said_so(engine: Engine) -> None:
    answer = engine.ask("protein folding — which papers from 2023?")
    assert "Nothing listed is about “protein folding”" in answer.notes[0]
    assert titles(answer) == titles(engine.ask("2023 papers"))


@pytest.mark.parametrize(
    "question",
    [
        "papers by Yann LeCun: anything from 2022?",  # no listed author
        "Geoffrey Hinton — which papers are from 2023?",  # no listed paper names him
        "cs.AI — which papers from 2023?",  # no listed subject
    ],
)
def test_a_restriction_the_list_lacks_is_no_aside(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.abstained and not titles(answer)  # not every paper of the year
    assert not any(note.startswith("Nothing listed is about") for note in answer.notes)


def test_a_topic_before_the_ask_stays_the_topic(engine: Engine) -> None:
    answer = engine.ask("FPGAs — which papers from 2024?")
    assert titles(answer) == titles(engine.ask("FPGA papers from 2024"))
    assert titles(answer) != titles(engine.ask("2024 papers"))


@pytest.mark.parametrize(
    ("form", "prose"),
    [
        (
            "Recap: our climate model now trains on the new nodes. Plan: a mixture of "
            "experts routed by position on the grid. Blocker: need the paper for that",
            "our climate model now trains on the new nodes. a mixture of experts routed "
            "by position on the grid. need the paper for that",
        ),
        (
            "Recap: our cluster jobs stall on the network. Plan: a topology built for "
            "training huge models. Blocker: need the paper for that",
            "our cluster jobs stall on the network. a topology built for training huge "
            "models. need the paper for that",
        ),
    ],
)
def test_a_question_written_as_a_form_is_answered_as_its_prose(
    engine: Engine, form: str, prose: str
) -> None:
    labelled, plain = engine.ask(form), engine.ask(prose)
    assert not labelled.abstained and titles(labelled) == titles(plain)
    assert labelled.notes == plain.notes  # as sure as the prose


def test_a_label_whose_field_names_no_topic_is_the_topic() -> None:
    def read(text: str) -> str:
        return " ".join(without_form_labels(text).split())

    single = "Quantization: any papers from 2023?"
    assert read(single) == single
    assert (
        read("Blocker: need a graph paper. Recap: we use GNNs") == "need a graph paper. we use GNNs"
    )
    topic = "Quantization: which papers from 2023? Context: for my thesis"
    assert read(topic) == "Quantization: which papers from 2023? for my thesis"
    assert read("FPGA: HLS: which papers?") == "FPGA: HLS: which papers?"
    # a field pointing back at the one before it asks about that one; the first
    # field's "that" points at its own label
    assert read("Goal: a cheaper interconnect. Ask: any paper like that?") == (
        "a cheaper interconnect. any paper like that?"
    )
    assert read("Quantization: anything on that? Context: a thesis") == (
        "Quantization: anything on that? a thesis"
    )


@pytest.mark.parametrize(
    ("question", "listed"),
    [
        ("RDMA: which papers cover it? Why: cluster upgrade", "Efficient RDMA"),
        ("Graph mining: any papers on it? Note: for a talk.", "ProbGraph"),
    ],
)
def test_a_label_its_field_points_at_is_the_topic(
    engine: Engine, question: str, listed: str
) -> None:
    # Both lost their topic once a pointing field dropped its label: the second
    # abstained, the first listed a graph paper.
    answer = engine.ask(question)
    assert not answer.abstained and titles(answer)[0].startswith(listed)


def test_a_topic_label_beside_a_field_label_stays_the_topic(engine: Engine) -> None:
    answer = engine.ask("Quantization: which papers from 2023? Context: for my thesis")
    assert not answer.abstained
    assert titles(answer)[0] in titles(engine.ask("quantization papers from 2023"))


@pytest.mark.parametrize(
    ("form", "prose"),
    [
        ("Weather: any papers? Quantum: any papers?", "weather or quantum papers?"),
        ("Quantization: which papers? Graphs: which papers?", "quantization or graph papers?"),
    ],
)
def test_labels_that_are_all_the_topics_stay(engine: Engine, form: str, prose: str) -> None:
    assert titles(engine.ask(form))[0] in titles(engine.ask(prose))  # not the newest papers


def test_the_page_the_list_comes_from_is_no_topic(engine: Engine) -> None:
    answer = engine.ask("which papers are tagged cs.ET on the page?")
    assert titles(answer) == titles(engine.ask("cs.ET papers"))
    # an author's page: the author's papers, "page" no topic ("None ... is about page")
    owned = engine.ask("Which cs.DC papers are on Zhang's listing page?")
    assert titles(owned) == titles(engine.ask("Zhang's cs.DC papers")) and titles(owned)


@pytest.mark.parametrize(
    ("comment", "prose"),
    [
        ("# TODO: which papers quantize LLMs to 4 bits?", "which papers quantize LLMs to 4 bits?"),
        ("// FIXME(ana): cite the HammingMesh topology paper", "the HammingMesh topology paper"),
        ("% XXX [bo]: papers on high-level synthesis for FPGAs", "papers on HLS for FPGAs"),
    ],
)
def test_the_task_tag_of_a_pasted_code_comment_is_no_topic(
    engine: Engine, comment: str, prose: str
) -> None:
    tagged, plain = engine.ask(comment), engine.ask(prose)
    assert not tagged.abstained and titles(tagged)[0] == titles(plain)[0]
    assert not any("mentions" in note for note in tagged.notes)


@pytest.mark.parametrize(
    ("tagged", "plain"),
    [
        ("[BUFF] GPT quantization now reaches 3 bits\n[NERF] retraining removed\nwhich paper "
         "shipped this update?",
         "GPT quantization now reaches 3 bits\nretraining removed\nwhich paper shipped this "
         "update?"),
        ("[WIP] reading list\n[TODO] which papers train graph transformers?",
         "reading list\nwhich papers train graph transformers?"),
    ],
)  # fmt: skip
def test_a_tag_in_brackets_opening_a_line_is_no_topic(
    engine: Engine, tagged: str, plain: str
) -> None:
    # "BUFF" and "NERF" were names no abstract mentions: the first abstained.
    answer = engine.ask(tagged)
    assert not answer.abstained and titles(answer) == titles(engine.ask(plain))


def test_a_tag_of_the_lists_own_words_stays(engine: Engine) -> None:
    # without it, every 2023 paper
    answer = engine.ask("[quantization] which 2023 papers?")
    assert titles(answer) == titles(engine.ask("quantization: which 2023 papers?"))
    assert titles(answer) != titles(engine.ask("which 2023 papers?"))


def test_a_name_before_a_colon_is_still_asked_about(engine: Engine) -> None:
    answer = engine.ask("SlimNet: pruning GPT models in one shot, no retraining")
    assert answer.abstained  # no listed paper is SlimNet, though one prunes GPT models


def test_a_notebook_entry_s_date_is_no_year_asked_for(engine: Engine) -> None:
    # Noise in the Clouds is from 2022, not 2024: the entry's date filters nothing.
    answer = engine.ask(
        "2024-03-07 lab notes\n- which listed paper measures network noise in clouds?"
    )
    assert answer.filters.year_from is None and titles(answer)[0].startswith("Noise in the Clouds")


@pytest.mark.parametrize(
    "dated", ["which Hoefler papers are dated 2023?", "Zhang's 2024-dated papers"]
)
def test_dated_asks_for_the_years_papers_not_a_topic(engine: Engine, dated: str) -> None:
    answer = engine.ask(dated)
    plain = engine.ask(dated.replace("dated ", "from ").replace("-dated", ""))
    assert not answer.abstained and titles(answer) == titles(plain) and answer.matched > 1


def test_a_question_keeps_its_lines_so_asking_again_gets_the_same(engine: Engine) -> None:
    # A reply's "more" button asks the stored question again: it must read the same.
    answer = engine.ask("quick one\n\nwhich papers are from 2022\n   thanks!!")
    assert answer.question == "quick one\nwhich papers are from 2022\nthanks!!"
    assert titles(engine.ask(answer.question)) == titles(answer) and not answer.abstained


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("Need titles containing Graph STOP both pages STOP full set STOP",
         "titles containing Graph"),
        ("Quantum computing papers STOP any year STOP titles only STOP",
         "quantum computing papers"),
    ],
)  # fmt: skip
def test_a_word_written_for_a_full_stop_ends_its_clause(
    engine: Engine, question: str, plain: str
) -> None:
    # The title ask read "Graph STOP both pages STOP full set STOP" as its words.
    answer = engine.ask(question)
    assert titles(answer) == titles(engine.ask(plain)) and titles(answer)
    assert answer.question == question  # the answer quotes the question as typed


def test_an_author_named_before_asks_of_no_words_of_their_own_is_asked_about(
    engine: Engine,
) -> None:
    # The name stood in the sentence before the asks, as background, and nothing matched.
    answer = engine.ask(
        "Zhiru Zhang's page. how many entries. which subject codes and how many each."
    )
    assert answer.author is not None and answer.author.name == "Zhiru Zhang"


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("Who has graph in the title? Which listed papers have the word Graph in their title?",
         "which titles contain graph"),
        ("Which titles contain Quantization? Looking for papers with Quantization in their "
         "titles.", "titles containing Quantization"),
        ("Which titles contain graphs? Which papers have graph in their title?",
         "which titles contain graph"),  # as titles match: without a plural "s"
    ],
)  # fmt: skip
def test_the_same_title_words_asked_twice_are_one_ask(
    engine: Engine, question: str, plain: str
) -> None:
    # The second ask was searched as a topic among the titles the first found.
    answer = engine.ask(question)
    assert sorted(titles(answer)) == sorted(titles(engine.ask(plain))) and len(titles(answer)) >= 3


@pytest.mark.parametrize(
    "question",
    [
        "Our group trains graph networks that break under small edits. Which 2024 papers help?",
    ],
)
def test_a_topic_before_an_unsurely_answered_listing_ask_is_no_aside(
    engine: Engine, question: str
) -> None:
    # Every paper of the subject or year was listed, the topic quoted as an aside.
    answer = engine.ask(question)
    assert not any(note.startswith("Nothing listed is about") for note in answer.notes)
    assert 0 < len(titles(answer)) <= 4


def test_a_closing_request_to_do_it_points_at_no_described_paper(engine: Engine) -> None:
    # "it" read as the paper described before: his card, "none is about ...".
    answer = engine.ask("Hoefler's energy budget meeting. List his 2023 papers. Can you do it?")
    assert titles(answer) == titles(engine.ask("Hoefler's papers from 2023")) and titles(answer)


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("I'm preparing slides for a benchmark meeting. Which 2023 papers does Zhang have?",
         "Zhang's papers from 2023"),
        ("The compiler crashed again, ugh. Show me Hoefler's cs.DC papers.",
         "Hoefler's cs.DC papers"),
    ],
)  # fmt: skip
def test_chatter_before_an_ask_the_search_finds_nothing_for_is_an_aside(
    engine: Engine, question: str, plain: str
) -> None:
    # Keeping such words ("benchmark", "compiler": rare, and some of his papers hold
    # them) as the topic made the answer abstain instead of listing his papers.
    answer = engine.ask(question)
    assert titles(answer) and sorted(titles(answer)) == sorted(titles(engine.ask(plain)))


def assert_answered_as_the_ask_alone(engine: Engine, question: str, ask: str) -> None:
    """Assert that a question gets the papers its ask gets alone, as surely, the rest of
    it quoted as context."""
    answer = engine.ask(question)
    assert titles(answer) == titles(engine.ask(ask)) and titles(answer)
    assert answer.notes[0].startswith("Read “") and UNSURE not in answer.notes


@pytest.mark.parametrize(
    ("question", "ask"),
    [
        ("The ghosts are resting tonight. Which papers do learning on graphs?",
         "Which papers do learning on graphs?"),
        ("My cat knocked the monitor over again. Which papers quantize large language models?",
         "Which papers quantize large language models?"),
        ("Coffee's brewing and the rain won't stop. Which papers build network topologies for "
         "deep learning?", "Which papers build network topologies for deep learning?"),
        # an ask of two words of its own
        ("It's raining in Zurich. Which papers do weather forecasting?",
         "Which papers do weather forecasting?"),
        # "works" and "studies" are a person's verbs here, not papers named
        ("Ada lives in Accra and studies at Ashesi. Which papers study the robustness of "
         "GNNs?", "Which papers study the robustness of GNNs?"),
        ("My cousin works at a bank in Nairobi and reads a lot. Which papers quantize large "
         "language models?", "Which papers quantize large language models?"),
        # "they" is the firm, whom the ask, with a topic of its own, does not need
        ("Kestrelon Inc. hired my friend. Which FPGA papers would they find useful?",
         "Which FPGA papers would they find useful?"),
        # a share of a group says what the papers are for
        ("A bus leaves Zurich at nine with twelve engineers. Half of them work on "
         "quantizing LLM weights. Which papers should they bring along?",
         "Half of them work on quantizing LLM weights. Which papers should they bring "
         "along?"),
    ],
)  # fmt: skip
def test_a_scene_set_before_the_ask_is_context_when_the_ask_alone_is_sure(
    engine: Engine, question: str, ask: str
) -> None:
    # The scene's words were searched with the ask: the answer abstained, or was "Not a
    # sure match", or cut the list short.
    assert_answered_as_the_ask_alone(engine, question, ask)


@pytest.mark.parametrize(
    ("question", "ask"),
    [
        ("Which papers use attention or transformers? Please advise.",
         "Which papers use attention or transformers?"),
    ],
)  # fmt: skip
def test_a_sign_off_after_the_ask_is_context_when_the_ask_alone_is_sure(
    engine: Engine, question: str, ask: str
) -> None:
    # The sign-off's words were searched with the ask: "Not a sure match" over the
    # papers the ask alone finds surely.
    assert_answered_as_the_ask_alone(engine, question, ask)


@pytest.mark.parametrize(
    "question",
    [
        "Which papers use attention or transformers? Thanks in advance.",
        "Which papers use attention or transformers? Much appreciated, cheers!",
        "Thanks for your time! Which papers use attention or transformers?",
    ],
)
def test_a_sentence_that_only_thanks_is_not_searched(engine: Engine, question: str) -> None:
    # Its words were searched with the ask ("advance", "time"): "Not a sure match".
    answer = engine.ask(question)
    ask = engine.ask("Which papers use attention or transformers?")
    assert titles(answer) == titles(ask) and titles(answer)
    assert answer.notes == ask.notes


@pytest.mark.parametrize(
    ("question", "ask"),
    [
        ("need to pick up:\n* all the weather papers\n* milk", "all the weather papers"),
        ("to do today:\n- call the bank\n- the papers on weather forecasting\n- milk",
         "the papers on weather forecasting"),
    ],
)  # fmt: skip
def test_the_one_item_of_a_list_that_asks_is_answered_alone(
    engine: Engine, question: str, ask: str
) -> None:
    # The errands' words were searched with the item: the first had abstained.
    assert_answered_as_the_ask_alone(engine, question, ask)


@pytest.mark.parametrize(
    "question",
    [
        "errands:\n- the papers on weather forecasting\n- protein folding",
        # an item that goes on with the ask (found by an adversarial pass: answered as
        # sure, "in Europe" read as context)
        "- weather papers\n- in Europe",
        "to do:\n- call the bank\n- the papers on weather forecasting\n- for hurricanes",
    ],
)
def test_an_item_that_narrows_the_ask_keeps_the_answer_unsure(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert answer.abstained or UNSURE in answer.notes


@pytest.mark.parametrize(
    "question",
    [
        "Which papers use attention or transformers? Protein folding, mainly.",
        "Which papers use attention or transformers? Specifically for speech recognition.",
        # a sentence that goes on with the ask, and one that leaves something out
        "Which papers use attention or transformers? Thanks. For speech recognition.",
        "Which papers use ImageNet? Thanks. For object detection, not classification.",
        # a sentence with no word of a sign-off may say what is asked
        "Which papers use attention or transformers? Think speech recognition.",
    ],
)
def test_a_topic_after_the_ask_keeps_the_answer_unsure(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.abstained or UNSURE in answer.notes


@pytest.mark.parametrize(
    ("question", "scene"),
    [
        # the note had dropped the year the filters read ("Back in my uncle ran ...")
        ("Back in 2015 my uncle ran a weather service. Which papers are on weather "
         "forecasting?", "Back in 2015 my uncle ran a weather service."),
        # and quoted the spelling the search corrected ("in Prune")
        ("Raj studies hard every night in Pune. Which papers quantize large language "
         "models?", "Raj studies hard every night in Pune."),
    ],
)  # fmt: skip
def test_the_scene_is_quoted_as_written(engine: Engine, question: str, scene: str) -> None:
    assert engine.ask(question).notes[0] == CONTEXT.format(scene)


@pytest.mark.parametrize(
    ("question", "ask"),
    [
        ("New student starting Monday, quick favour: which papers here train graph neural "
         "networks robustly?", "which papers here train graph neural networks robustly?"),
        ("'FooNet Turns Three' - for the lab blog: which papers quantize large language models?",
         "which papers quantize large language models?"),
    ],
)  # fmt: skip
def test_a_clause_that_asks_alone_after_a_dash_or_colon_is_answered_as_surely(
    engine: Engine, question: str, ask: str
) -> None:
    # The words before it were searched with it: "Not a sure match", or nothing listed.
    assert_answered_as_the_ask_alone(engine, question, ask)


@pytest.mark.parametrize(
    ("question", "ask"),
    [
        ("to do:\n- laundry\n- which listed works study quantum machines?\n- gym",
         "which listed works study quantum machines?"),
        ("todo\n1. book flights to Lisbon\n2. which listed paper post-trains GPT models down "
         "to 3 bits?\n3. buy a birthday card for Sam",
         "which listed paper post-trains GPT models down to 3 bits?"),
        ("Checklist\n1) coffee\n2) find papers on graph transformers\n3) email Ana",
         "find papers on graph transformers"),
        ("[ ] water the ferns\n[ ] find that paper about attestation of GPU kernels\n[ ] print "
         "the poster", "find that paper about attestation of GPU kernels"),
        ("- which paper here learns fixed-point formats for FPGAs?\n- return the library "
         "books\n- call the landlord", "which paper here learns fixed-point formats for FPGAs?"),
        # an item asks alone with one word of its own: items are apart
        ("- renew the parking permit\n- find the Polynormer paper\n- buy stamps",
         "find the Polynormer paper"),
        ("* buy stamps\n* HammingMesh paper?\n* fix CI", "HammingMesh paper?"),
        # "pull up", "look up" ask as "find" does
        ("- water the ferns\n- pull up the paper on GPU attestation\n- print the poster",
         "pull up the paper on GPU attestation"),
    ],
)  # fmt: skip
def test_an_ask_among_chores_is_answered_as_surely_as_alone(
    engine: Engine, question: str, ask: str
) -> None:
    # The chores after the ask were read with it: "Not a sure match", or another paper
    # first.
    assert_answered_as_the_ask_alone(engine, question, ask)


@pytest.mark.parametrize(
    "question",
    [
        "The ghosts are resting tonight. Which papers do protein folding with diffusion models?",
        "Rain all week here. Is there a paper on speculative decoding for LLM serving?",
        # no scene: the sentence names what is asked about, or asks
        "The topic is genomics. Which papers use machine learning?",
        "My area is astronomy. Which papers use neural networks?",
        "We're looking at speech recognition for low-resource languages. Which papers cover "
        "neural networks?",
        "I need papers on drug discovery. Which papers use graph neural networks?",
    ],
)
def test_an_ask_the_list_cannot_answer_stays_unanswered_after_a_scene(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert answer.abstained or UNSURE in answer.notes
    assert not any(note.startswith("Read “") for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "term"),
    [
        ("My advisor keeps saying 'transfer tuning' at group meeting. Which listed papers rely on it?",
         "transfer tuning papers"),
        ("Someone mentioned “data-centric” in lab meeting, honestly annoying. Any papers on that?",
         "data-centric papers"),
    ],
)  # fmt: skip
def test_a_list_ask_pointing_at_a_quoted_term_asks_for_the_term(
    engine: Engine, question: str, term: str
) -> None:
    # The chat around the term was searched with it: "Not a sure match" or an abstention.
    answer = engine.ask(question)
    assert titles(answer) == titles(engine.ask(term)) and titles(answer)
    assert UNSURE not in answer.notes


@pytest.mark.parametrize(
    ("form", "plain"),
    [
        ("request:\n  kind: list\n  topic: graph neural networks\n  return: all matching titles",
         "graph neural networks papers"),
        ("query:\n  topic: quantization\n  year: 2023", "quantization papers from 2023"),
        # a field of a number or a setting is no topic: "year:", "sort: none" were searched
        ("select:\n  author: Zhiru Zhang\n  year: 2023\noutput: title_list\norder: none",
         "Zhang's papers from 2023"),
    ],
)  # fmt: skip
def test_a_question_written_as_nested_fields_is_answered_as_its_values(
    engine: Engine, form: str, plain: str
) -> None:
    # Its lines were joined before the labels were read, so "quantization year:" was one
    # label and the topic went with it; a key over the fields below it ("request:") stayed.
    answer, asked = titles(engine.ask(form)), titles(engine.ask(plain))
    assert asked and set(asked) <= set(answer) and len(answer) <= len(asked) + 1


def test_an_everyday_word_opening_a_line_names_no_paper(engine: Engine) -> None:
    # Once the lines were joined, "Every" after "NIGHT" read as the name of a paper: "No
    # listed paper is the “Every” paper".
    answer = engine.ask("INT. LAB - NIGHT\nANA: Every paper in this list that quantizes LLMs.")
    assert not any("“Every”" in note for note in answer.notes) and titles(answer)


def test_a_scene_that_says_the_title_word_leaves_the_title_ask_alone(engine: Engine) -> None:
    # "Python" of the scene made the scene a topic: "No listed title has “Python” among
    # these papers."
    scened = engine.ask(
        "Grandpa here, Python is my weekend hobby now!! Which papers have Python in their "
        "title? Every one, if you would."
    )
    assert titles(scened) and set(titles(scened)) == set(
        titles(engine.ask("Which papers have Python in the title?"))
    )


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        # "natural language" and "vision" were searched within the subject: one paper of
        # it, or papers from other subjects
        ("cs.CL please, the natural-language stuff. Which papers?", "cs.CL papers"),
        ("Which papers sit in cs.CV, vision-wise?", "cs.CV papers"),
        ("the distributed computing crowd: which papers are in cs.DC? all", "cs.DC papers"),
    ],
)
def test_a_subject_named_again_in_words_gets_all_its_papers(
    engine: Engine, question: str, plain: str
) -> None:
    answer, listing = engine.ask(question), engine.ask(plain)
    listed = [r.paper.title for r in answer.results + answer.more]
    assert not answer.abstained
    assert sorted(listed) == sorted(r.paper.title for r in listing.results + listing.more)


def test_a_topic_beside_a_word_of_the_subject_still_narrows_it(engine: Engine) -> None:
    everything = titles(engine.ask("cs.CL papers"))
    narrowed = titles(engine.ask("cs.CL papers about language models"))
    assert narrowed and len(narrowed) < len(everything)


@pytest.mark.parametrize(
    "question",
    [
        "Dear Santa, which papers are on FPGA accelerators?",
        "Hi Bob, which papers are on FPGA accelerators?",
        "Dear Professor Smith, which papers are on FPGA accelerators?",
        "Which papers are on FPGA accelerators? Thanks, Maria",
        "Which papers are on FPGA accelerators? Cheers, Dr. Okonkwo",
        "Which papers are on FPGA accelerators?\nBest,\nJ. K.",
        "which papers are on FPGA accelerators. -- Bev",
        "Which papers are on FPGA accelerators? Your friend, Tom (age 29)",
    ],
)
def test_a_letters_greeting_and_signature_are_not_the_question(
    engine: Engine, question: str
) -> None:
    # Each abstained, or was not a sure match: the names of who reads and who writes
    # were read as names no listed paper mentions ("No listed paper mentions “Dear
    # Santa”").
    plain = engine.ask("Which papers are on FPGA accelerators?")
    answer = engine.ask(question)
    assert titles(answer) == titles(plain) and UNSURE not in answer.notes
    assert not any("mentions" in note for note in answer.notes)


@pytest.mark.parametrize(
    "question",
    [
        "Which papers are on FPGA accelerators?\n\nBest regards,\nDr. Ines Varga\nPrincipal "
        "Engineer | Photonic Interconnect Group\nNorthwind Optics Ltd. | +44 20 7946 0011\n"
        "This message is confidential and intended only for its recipient.",
        "Which papers are on FPGA accelerators?\n--\nKofi Mensah, PhD\nHead of Cloud Storage "
        "Security\nContoso Data Centers, Accra",
        "Which papers are on FPGA accelerators?\n\nCheers,\nLena\n\nLena Holm | Staff SRE, "
        "Quantum Networking\nlena@example.org | she/her\n\nSent from my phone",
    ],
)
def test_an_email_signature_block_is_not_the_question(engine: Engine, question: str) -> None:
    # The sender's title, organization and legal notice were read as topics ("quantum",
    # "security") and the sender as an author the list lacks: not a sure match.
    plain = engine.ask("Which papers are on FPGA accelerators?")
    answer = engine.ask(question)
    assert titles(answer) == titles(plain) and UNSURE not in answer.notes
    assert not any("named" in note or "mentions" in note for note in answer.notes)


@pytest.mark.parametrize(
    ("message", "read"),
    [
        # what asks under the closing, a P.S. and items between "--" lines stay
        ("Any on GNNs?\nThanks,\nAda\nAlso, which are from 2023?",
         "Any on GNNs?\nThanks,\nAda\nAlso, which are from 2023?"),
        ("Any on GNNs?\nThanks,\nAda\nLab of Photonics\nP.S. only the 2023 ones",
         "Any on GNNs?\nThanks,\nAda\nP.S. only the 2023 ones"),
        ("Which is newer:\n--\nGPTQ\n--\nFLIQS", "Which is newer:\n--\nGPTQ\n--\nFLIQS"),
        ("Which is newer:\n--\nGPTQ, or FLIQS", "Which is newer:\n--\nGPTQ, or FLIQS"),
        # a line under the sender's name that adds a filter, a year or a topic
        ("Any on GNNs?\nCheers,\nAda\nnot by Zhang", "Any on GNNs?\nCheers,\nAda\nnot by Zhang"),
        ("Any on GNNs?\nCheers,\nAda\nOptics Lab\nUpdate: 2023 only",
         "Any on GNNs?\nCheers,\nAda\nOptics Lab\nUpdate: 2023 only"),
        ("Any on GNNs?\nThanks!\nAlso: only 2023", "Any on GNNs?\nThanks!\nAlso: only 2023"),
        ("Any on GNNs?\nCheers,\nAda Roe (she/her)\nAda Roe | Optics Lab\n© 2024 Optics Inc.",
         "Any on GNNs?\nCheers,\nAda Roe (she/her)\n"),
        ("Which is newer, GPTQ or FLIQS\n--\nAda Roe\nOptics Lab",
         "Which is newer, GPTQ or FLIQS\n"),
        ("Best regards,\nAda Roe\nOptics Lab", "Best regards,\nAda Roe\nOptics Lab"),
    ],
)  # fmt: skip
def test_only_a_signature_block_under_a_closing_goes(message: str, read: str) -> None:
    assert without_signature_block(message) == read


def test_a_line_under_the_sender_naming_a_listed_author_adds_to_the_question(
    engine: Engine,
) -> None:
    signed = "Any quantization papers?\nCheers,\nAda\nBTW I only want Hoefler's"
    answer = engine.ask(signed)
    found = answer.results + answer.more
    assert found and all(r.paper.authors == ("Torsten Hoefler",) for r in found)


@pytest.mark.parametrize(
    "kept",
    [
        # "your papers" are the addressee's: the greeting is the question's author
        "Dear Torsten Hoefler, which of your papers are on quantum computing?",
        "Dear Professor Dally, which of your papers are about quantization?",
        "Dear Dr. Chen, do you have papers on GNN robustness?",
        # a dashed line is an item of a list, or what "the following" points at
        "Compare these two:\n- GPTQ\n- FLIQS",
        "Which of these are in the list?\n- GPTQ\n- Mamba",
        "Which papers use the following simulator? - NeuroSim",
        "Tell me about\n- ENS-10",
        # a last line of a name alone is what the line before asks about
        "Which papers are related to the following system?\nApache Spark",
    ],
)
def test_a_name_around_the_question_that_it_asks_about_stays(kept: str) -> None:
    known = {"torsten", "hoefler", "gptq", "fliqs", "ens"}.__contains__
    assert without_letter_form(kept, lambda w: known(w.casefold())) == kept


def test_a_greeting_and_a_dashed_signature_go() -> None:
    assert without_letter_form("Dear Santa, any on GNNs?", lambda w: False) == " any on GNNs?"
    signed = "Dear Santa, any in your list on GNNs?\n- Priya"
    assert without_letter_form(signed, lambda w: False) == " any in your list on GNNs?"


@pytest.mark.parametrize(
    "question",
    [
        "Which papers study quantum computers? Merry Christmas!",
        "Which papers study quantum computers? Happy New Year!",
        "Which papers study quantum computers? Go team! Love, Sam",
        "I need the papers on quantum computers by Friday.",
        "I want to read the papers on quantum computers over the holidays.",
        "This weekend I want to read the papers on quantum computers.",
    ],
)
def test_a_closing_wish_or_a_day_of_the_askers_calendar_is_not_the_question(
    engine: Engine, question: str
) -> None:
    # "Merry Christmas" was a name no listed paper mentions (an abstention), and
    # "Friday" a word no abstract uses (not a sure match).
    answer = engine.ask(question)
    plain = engine.ask("Which papers study quantum computers?")
    assert titles(answer) == titles(plain) and UNSURE not in answer.notes


@pytest.mark.parametrize(
    "kept", ["Which papers use GNNs? Not FPGAs!", "Which papers use GNNs? Only 2023!"]
)
def test_an_exclamation_that_names_what_the_list_has_stays(kept: str) -> None:
    assert without_letter_form(kept, lambda w: w.casefold() in {"fpgas", "gnns"}) == kept


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("AITA? Which listed papers cover thread scheduling?", "Which listed papers cover thread scheduling?"),
        ("Am I wrong? Which papers quantize large language models?",
         "Which papers quantize large language models?"),
        ("Is that fair? Which papers quantize large language models?",
         "Which papers quantize large language models?"),
    ],
)  # fmt: skip
def test_a_short_question_to_the_reader_before_the_ask_is_not_the_question(
    engine: Engine, question: str, plain: str
) -> None:
    # "AITA?" was the question's first sentence ending in "?", so it was read as the ask,
    # and as a name no abstract uses: the answer abstained.
    answer = engine.ask(question)
    assert titles(answer) == titles(engine.ask(plain)) and not answer.abstained


@pytest.mark.parametrize(
    "kept", ["GNNs? Which are from 2023?", "Photonics? Anything?", "FooNet paper? #LLM"]
)
def test_an_opening_question_that_asks_stays(kept: str) -> None:
    assert without_reader_question(kept, lambda w: w.casefold() == "gnns") == kept


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("Alex is looking for every paper about network topologies for deep learning training."
         " Can the bot help Alex?",
         "Alex is looking for every paper about network topologies for deep learning training."),
        ("Priya needs the paper on software attestation for GPUs. Could someone help her out?",
         "the paper on software attestation for GPUs"),
    ],
)  # fmt: skip
def test_a_request_for_help_after_what_is_asked_is_not_the_question(
    engine: Engine, question: str, plain: str
) -> None:
    # The request was read as the ask: its words ("bot", "Alex") are no topic, and the
    # answer was not a sure match.
    answer = engine.ask(question)
    assert titles(answer) == titles(engine.ask(plain)) and UNSURE not in answer.notes
    # an ask that names its own topic is still judged alone
    assert engine.ask("We run FooNet on our cluster. Is there anything on BarNet?").abstained


def test_a_signature_of_a_listed_author_makes_the_askers_papers_theirs(engine: Engine) -> None:
    # "Best, Zhiru Zhang" was read as an author filter on any question, and not as the
    # "my" of "which of my papers".
    mine = engine.ask("Which of my papers study quantization? Best, Zhiru Zhang")
    assert mine.results and all("Zhiru Zhang" in r.paper.authors for r in mine.results)
    everyone = engine.ask("Which papers study quantization? Best, Zhiru Zhang")
    assert titles(everyone) == titles(engine.ask("Which papers study quantization?"))
    kept = "Which papers are nominated for this?\nBest Paper Award"
    assert without_letter_form(kept, lambda w: w.casefold() in {"paper", "award"}) == kept


QUANTIZATION = "which papers are about quantization{}?"
WEATHER = "{}any papers on weather?"


@pytest.mark.parametrize(
    ("asked", "chatter"),
    [(QUANTIZATION, c) for c in (" plz", ", thx", " lol", ", ty", ", cheers", ", hey")]
    + [(WEATHER, c) for c in ("quick q ", "quick question: ", "random question, ",
                              "dumb question but ")],
)  # fmt: skip
def test_chat_words_around_an_ask_leave_its_answer_as_it_is(
    engine: Engine, asked: str, chatter: str
) -> None:
    # "plz", "thx" and "quick q" weighed as words no abstract uses: a list that answers
    # surely without them abstained with them, or was not a sure match.
    plain = engine.ask(asked.format(""))
    answer = engine.ask(asked.format(chatter))
    assert titles(answer) == titles(plain) and UNSURE not in answer.notes
