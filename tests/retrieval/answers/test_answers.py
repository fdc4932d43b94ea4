"""What a user sees from ``ask`` for author questions, plain-language filters, lists,
questions it cannot read, and what it quotes."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest

from retrieval.answers.listing import UNANSWERED_TOPICS
from retrieval.answers.router import SET_ASIDE
from retrieval.engine import Engine
from retrieval.errors import NotFoundError
from retrieval.models import UNSURE, Answer, Filters, Paper


def papers(answer: Answer) -> list[str]:
    return [r.paper.title for r in answer.results + answer.more]


@pytest.mark.parametrize(
    "question",
    [
        "which categories does hoefler publish in",
        "what is hoeffler working on",
        "give me a rundown of zhiru zhnag's research",
        "请概括一下Torsten Hoefler在这里的论文。",
        # the list named by a noun that is also a topic: "dataset" had found ENS-10
        "Is Torsten Hoefler in the dataset?",
        "does your database have Zhiru Zhang?",
        "any Hoefler in ur db?",
    ],
)
def test_a_question_about_an_author_gets_the_card(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.author is not None and not answer.abstained


def test_the_card_comes_with_the_authors_papers_to_page_through(engine: Engine) -> None:
    answer = engine.ask("gimme the full hoefler paper list")
    assert answer.author is not None and answer.matched == 18 == len(papers(answer))
    years = [r.paper.year for r in answer.results + answer.more]
    assert years == sorted(years, reverse=True)


def test_an_author_and_a_year_list_that_authors_papers(engine: Engine) -> None:
    answer = engine.ask("zhang's papers from 2024")
    assert answer.author is None and not answer.abstained and answer.matched == 12
    assert all(r.paper.year == 2024 for r in answer.results + answer.more)
    assert answer.filters == Filters(year_from=2024, year_to=2024, author="Zhiru Zhang")


@pytest.mark.parametrize(
    "question",
    ["What did Torsten Hoefler put out in 2023? just the titles pls",
     "which hoefler papers came out in 2023", "what did hoefler release in 2023?"],
)  # fmt: skip
def test_an_author_and_a_year_asked_with_a_publishing_verb_list_those_papers(
    engine: Engine, question: str
) -> None:
    # "put out" is no topic: the answer is not "none of his 2023 papers is about 'put'"
    answer = engine.ask(question)
    assert answer.author is None and not answer.notes and answer.matched == 5
    assert all(r.paper.year == 2023 for r in answer.results + answer.more)


@pytest.mark.parametrize(
    "question",
    ["cosa ha pubblicato Hoefler nel 2023?", "was hat Hoefler 2023 veröffentlicht?",
     "¿qué publicó Hoefler en 2023?", "o que o Hoefler publicou em 2023?"],
)  # fmt: skip
def test_an_author_and_a_year_asked_in_another_language_list_those_papers(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)  # no "could not understand": the list is the answer
    assert answer.author is None and not answer.notes and answer.matched == 5


@pytest.mark.parametrize(
    "question", ["Hoefler ke weather wale papers kaun se hain?", "Hoefler ke weather papers dikhao"]
)
def test_an_authors_topic_asked_in_hindi_typed_in_latin_letters(
    engine: Engine, question: str
) -> None:
    # the Hindi words were read as the topic of the author's papers, and none had it
    found = papers(engine.ask(question))
    assert {t.split(":")[0] for t in found} >= {"ENS-10", "Spatial Mixture-of-Experts"}


@pytest.mark.parametrize(
    "question", ["kya koi paper hai weather par?", "kaun sa paper weather pe hai?"]
)
def test_a_topic_after_hindi_par_is_searched_without_it(engine: Engine, question: str) -> None:
    # "par" ("on") was searched as a word no abstract writes, and the question abstained
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith("ENS-10")


@pytest.mark.parametrize(
    "question",
    ["what did Torsten Hoefler write about weather?", "what has Hoefler published on weather?",
     "anything written about weather?"],
)  # fmt: skip
def test_asking_what_someone_wrote_on_a_topic_is_as_sure_as_asking_for_the_papers(
    engine: Engine, question: str
) -> None:
    # "write" is in no abstract, and had counted as a topic the list lacks: the weather
    # papers were shown as not a sure match
    answer = engine.ask(question)
    assert {t.split(":")[0] for t in papers(answer)} >= {"ENS-10", "Spatial Mixture-of-Experts"}
    assert UNSURE not in answer.notes


def test_two_years_named_with_or_are_those_years_not_the_range(engine: Engine) -> None:
    answer = engine.ask("papers from 2022 or 2024")
    listed = engine.lookup.index.papers.values()
    assert answer.matched == sum(p.year in {2022, 2024} for p in listed)
    assert {r.paper.year for r in answer.results + answer.more} == {2022, 2024}
    assert answer.filters.years_text() == "2022 or 2024"
    counted = engine.ask("how many papers are from 2022 or 2024?")
    assert counted.notes == (f"{answer.matched} listed papers match.",)


def test_two_authors_list_the_papers_of_either(engine: Engine) -> None:
    answer = engine.ask("which papers are from 2023, by Hoefler or Zhang?")
    listed = engine.lookup.index.papers.values()
    assert answer.author is None and answer.matched == sum(p.year == 2023 for p in listed)
    assert {r.paper.authors[0] for r in answer.results + answer.more} == {
        "Torsten Hoefler", "Zhiru Zhang"
    }  # fmt: skip
    assert answer.filters.authors_text() == "Torsten Hoefler or Zhiru Zhang"
    for question in (
        "papers coauthored by Hoefler and Zhang", "did Hoefler co-author with Zhang?",
        "did Hoefler ever write a paper with Zhang?",  # had been one Hoefler paper
        "what has Hoefler published with Zhang?",
        "papers co-authored by Hoefler and Zhang",  # "authored by" went with the names
    ):  # fmt: skip
        together = engine.ask(question)  # their pages share none: papers by one are no answer
        assert together.abstained and not together.results and not together.closest
        assert together.notes == ("No listed paper is by both Torsten Hoefler and Zhiru Zhang.",)
    # "with" before no author is what the papers are written with, not by
    apart = engine.ask("What did Zhang publish with FPGAs and Hoefler on networks?")
    assert apart.results and not any("by both" in note for note in apart.notes)
    combined = engine.ask("every graph paper by both Hoefler and Zhang, combined")  # either's
    assert not combined.abstained and len(papers(combined)) >= 2
    # a count's "together" after "have" or the names adds their papers up; it had said
    # "No listed paper is by both" and counted none
    for question in (
        "how many papers do Hoefler and Zhang have together?",
        "Hoefler and Zhang together: how many listed papers?",
        # words that add up name no topic: "combined" had searched for "combined" and
        # counted 2; with "both", a word that adds up sums too
        "what's the combined count of papers by Hoefler and Zhang?",
        "combined paper count for Hoefler and Zhang",
        "how many papers did Hoefler and Zhang write combined?",
        "how many papers do both Hoefler and Zhang have combined?",
        "how many papers do Hoefler and Zhang have between the two of them?",
    ):  # fmt: skip
        summed = engine.ask(question)
        assert summed.matched == 36 and "36 listed papers match." in summed.notes
    for question in (  # after any other word, or "together with": made jointly
        "how many papers did Hoefler and Zhang write together?",
        "How many papers have Hoefler and Zhang authored together?",
        "How many papers did Hoefler and Zhang put out together?",
        "how many papers by Hoefler together with Zhang?",
        # had searched for "common" and counted 6 papers; "shared by" had summed them
        "how many papers do Hoefler and Zhang have in common?",
        "how many papers are shared by Hoefler and Zhang?",
    ):  # fmt: skip
        written = engine.ask(question)
        assert written.abstained and written.notes[0].startswith("No listed paper is by both")


def test_an_author_to_leave_out_is_left_out(engine: Engine) -> None:
    listed = engine.lookup.index.papers.values()
    others = sorted(p.title for p in listed if "Torsten Hoefler" not in p.authors)
    for question in ["papers not by Hoefler", "not Hoefler"]:
        answer = engine.ask(question)
        assert answer.filters.author is None and answer.matched == len(others)
        assert sorted(papers(answer)) == others
        assert answer.notes == (f"Left out {36 - len(others)} papers by Torsten Hoefler.",)
    graphs = engine.ask("graph papers not by Zhang")
    assert papers(graphs) and all("Zhiru Zhang" not in r.paper.authors for r in graphs.results)


def test_everything_but_a_subject_lists_the_other_papers_exactly(engine: Engine) -> None:
    listed = engine.lookup.index.papers.values()
    others = [p for p in listed if "cs.LG" not in p.subjects]
    answer = engine.ask("everything but papers in cs.LG")
    assert answer.matched == len(others) and len(answer.results + answer.more) == len(others)
    assert answer.notes == (f"Left out {36 - len(others)} papers in cs.LG.",)


def test_latest_and_oldest_order_the_papers_by_year(engine: Engine) -> None:
    answer = engine.ask("the oldest papers")
    oldest = [r.paper.year for r in answer.results + answer.more]
    assert oldest == sorted(oldest) and oldest[0] == min(
        p.year for p in engine.lookup.index.papers.values()
    )
    topic = engine.ask("latest papers on quantization")
    years = [r.paper.year for r in topic.results + topic.more]
    assert years == sorted(years, reverse=True) and len(set(years)) > 1
    assert all(r.snippet.text for r in topic.results)  # each shown paper keeps its quote


@pytest.mark.parametrize(
    ("question", "topic"),
    [("latest quantization paper", "quantiz"), ("the latest paper on quantization", "quantiz"),
     ("oldest graph papers", "graph")],
)  # fmt: skip
def test_the_newest_or_oldest_paper_on_a_topic_is_answered(
    engine: Engine, question: str, topic: str
) -> None:
    # "latest" and "oldest" were searched for too; no abstract says them: "Nothing in
    # the list answers that."
    answer = engine.ask(question)
    listed = answer.results + answer.more
    years = [r.paper.year for r in listed]
    newest = "oldest" not in question
    assert not answer.abstained and len(listed) >= 3 and years == sorted(years, reverse=newest)
    assert all(topic in f"{r.paper.title} {r.snippet.text}".casefold() for r in listed[:2])


@pytest.mark.parametrize(
    ("question", "named"),
    [
        # the subject of writing, and a person after a title: they abstained with no note
        ("What has Alistarh written about GPT quantization?", "Alistarh"),
        ("Has Dan Alistarh published on GPT quantization?", "Dan Alistarh"),
        ("What has Prof. Okonjo written on quantization?", "Okonjo"),
        # a greeting's title: "No listed paper mentions “Dear Professor Okonjo”"
        ("Dear Professor Okonjo, which of your papers study quantization?", "Okonjo"),
        # after a title, a family name common in English text is a person too
        ("Dr. Chen, which of your papers study quantization?", "Chen"),
        # a title's possessive or "by": no note, and "No listed paper mentions “Dr”"
        ("Which of Prof. Okonjo's papers study quantization?", "Okonjo"),
        ("papers by Dr. Okonjo on quantization?", "Okonjo"),
        # asked about in any other way too (an adversarial pass found these lost)
        ("Prof. Okonjo papers on quantization?", "Okonjo"),
        ("Is Dr. Okonjo an author of any quantization paper here?", "Okonjo"),
    ],
)
def test_a_person_who_writes_or_has_a_title_is_an_author_the_list_lacks(
    engine: Engine, question: str, named: str
) -> None:
    answer = engine.ask(question)
    assert f"No listed author is named “{named}”." in answer.notes
    assert "GPTQ" in " ".join(papers(answer)) or "Quantization" in " ".join(papers(answer))
    assert not any("“Dr”" in note for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Dr. Chen told me there is a paper on FPGA programming in Python. Which one?", "Python"),
        ("I'll ask Prof. Okafor later, but which papers study graph transformers?", "Polynormer"),
        ("According to Prof. Nakamura, some papers compress images to few bits. Which?", "Image"),
        ("I'm Dr. Patel, any papers on quantum computing?", "quantum"),
        ("Dr. Kim and I are reading about sparse tensor formats. Which paper?", "UniSparse"),
    ],
)
def test_a_titled_person_who_is_not_asked_about_is_no_author(
    engine: Engine, question: str, first: str
) -> None:
    # Someone who said, suggested or will be asked is a person of the scene: the answer
    # said "No listed author is named “Chen”", or, the name searched, not a sure match.
    answer = engine.ask(question)
    assert first.casefold() in answer.results[0].paper.title.casefold()
    assert not any(note.startswith("No listed author") for note in answer.notes)


def test_an_author_who_is_not_listed_is_said_so(engine: Engine) -> None:
    unknown = engine.ask("papers by Dan Alistarh")
    assert unknown.abstained and unknown.notes == ("No listed author is named “Dan Alistarh”.",)
    # No abstract names its authors, so the name is not searched for: the topic is.
    topic = engine.ask("the GPTQ paper by Frantar")
    assert papers(topic)[0].startswith("GPTQ") and "Frantar" in topic.notes[0]
    # A capitalized word after "by" is a person only if it looks like a family name.
    # (How sure a three-word topic is, is the answer model's to say: "ranking by
    # Stability" is a "Not a sure match" since it was fitted on every eval set.)
    for question, first in [("schedules written by Slapo", "Slapo"),
                            ("ranking by Stability", "SAGMAN")]:  # fmt: skip
        answer = engine.ask(question)
        assert papers(answer)[0].startswith(first), question
        assert answer.notes in ((), (UNSURE,)), question  # no "No listed author"


def test_an_author_and_years_without_a_match_show_their_papers_of_other_years(
    engine: Engine,
) -> None:
    # His FPGA papers are from 2022: say none is from 2023 on, and show those, as the
    # closest (asked for no list, the asker may remember one paper of 2023).
    answer = engine.ask("Hoefler on FPGAs since 2023")
    assert not answer.abstained and papers(answer) == papers(engine.ask("Hoefler on FPGAs"))
    assert answer.notes == (  # the note that leads into the papers is right above them
        UNSURE,
        "None of the papers by Torsten Hoefler from 2023 or later is about “FPGAs”; "
        "these ones, from other years, are:",
    )
    assert answer.filters == Filters(author="Torsten Hoefler")  # what the list passed
    # Polynormer (2024) is his graph transformer; a 2023 paper saying "Transformer" is not.
    loose = engine.ask("Zhang's 2023 papers about graph transformers")
    assert [t.split(":")[0] for t in papers(loose)] == ["Polynormer"]
    assert "Zhiru Zhang from 2023" in loose.notes[0]
    none_then = engine.ask("Zhang papers on FPGAs in 2022")  # none of his is from 2022
    assert papers(none_then) == papers(engine.ask("Zhang papers on FPGAs"))
    assert none_then.notes == (  # not "none of his papers from 2022": he has none then
        "No listed paper by Zhiru Zhang is from 2022; these ones on “FPGAs”, from other "
        "years, are:",
    )
    subject = engine.ask("Hoefler's cs.LG papers on FPGAs")
    assert "filed under cs.LG" in subject.notes[0] and papers(subject) == papers(answer)


@pytest.mark.parametrize(
    "question",
    [
        "We are planning to read quantization papers next year. Which ones to start with?",
        "Back in 2019 I worked on sparse matrices. Anything here on sparse formats?",
        "Starting next year I'll teach graph learning; which papers cover GNN robustness?",
        "We have been swamped this year. Which papers are about graph neural networks?",
        "This year I wish for the papers about quantizing large language models.",
    ],
)
def test_a_year_of_the_askers_own_doing_filters_no_papers(engine: Engine, question: str) -> None:
    # They abstained, or said "No listed paper is from 2027", the year the asker named.
    answer = engine.ask(question)
    assert not answer.abstained and answer.filters.year_from is None
    assert not any("No listed paper is from" in note for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "sure"),
    [("Zhang's 2023 paper on graph transformers", False),
     ("which 2023 Zhang preprint proposes a graph transformer?", False),
     ("the graph transformer Zhang put out in 2023, what is it called", False),
     ("Zhang's 2023 papers on graph transformers", True),  # a list: the note says it
     ("Zhang's paper on graph transformers", True)],
)  # fmt: skip
def test_one_paper_asked_for_from_years_none_on_its_topic_is_from_is_no_sure_match(
    engine: Engine, question: str, sure: bool
) -> None:
    # Polynormer is from 2024: shown, and for one paper of 2023 not as that paper.
    answer = engine.ask(question)
    assert [t.split(":")[0] for t in papers(answer)][:1] == ["Polynormer"], question
    assert (UNSURE not in answer.notes) == sure, question


@pytest.mark.parametrize("question", ["the GPTQ paper from 2022", "the cs.DC paper on GPTQ"])
def test_a_paper_named_with_the_wrong_year_or_subject_is_still_sure(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert papers(answer)[0].startswith("GPTQ") and UNSURE not in answer.notes


def test_a_figure_recalled_that_the_paper_does_not_write_makes_it_no_sure_match(
    engine: Engine,
) -> None:
    # UniSparse writes no 7.3x: the figure may be another paper's, one the list lacks
    unsure = engine.ask(
        "For sparse tensor formats, which compiler paper reported a 7.3x speedup over "
        "hand-tuned kernels?"
    )
    assert papers(unsure)[0].startswith("UniSparse") and UNSURE in unsure.notes
    sure = engine.ask("Which schedule language reports a 1.41x gain on many machines?")
    assert papers(sure)[0].startswith("Slapo") and UNSURE not in sure.notes


def test_a_word_stressed_in_capitals_keeps_its_meaning(engine: Engine) -> None:
    # Read as full stops, the stressed "EXCEPT" listed exactly the papers left out.
    stressed = engine.ask(
        "which papers are about quantization EXCEPT those by Zhang? EXCEPT Zhang!"
    )
    plain = engine.ask("which papers are about quantization except those by Zhang?")
    assert papers(stressed) == papers(plain) and papers(stressed)


def test_an_authors_papers_found_unsurely_on_a_topic_say_so(engine: Engine) -> None:
    # The answer model's P was 0.51, and the papers were shown as matches. P sits near
    # 0.5, where the search abstains and the words before the ask are read as an aside
    # (a rebuild with other batches moves it across): never a sure match.
    unsure = engine.ask("My GNN gets fooled by tiny graph changes. Which of Zhang's papers help?")
    aside = any(note.startswith("Nothing listed is about") for note in unsure.notes)
    assert unsure.abstained or UNSURE in unsure.notes or aside
    assert unsure.filters.author == "Zhiru Zhang"
    sure = engine.ask("Zhang's paper on graph transformers")
    assert papers(sure)[0].startswith("Polynormer") and UNSURE not in sure.notes


def test_a_misremembered_author_of_a_named_paper_still_gets_it_surely(engine: Engine) -> None:
    # HammingMesh is Hoefler's: the answer is that paper, and says whose it is.
    answer = engine.ask("Zhang's HammingMesh paper, which topology does it build?")
    assert papers(answer)[0].startswith("HammingMesh") and UNSURE not in answer.notes
    assert "by Torsten Hoefler" in answer.notes[0]


def test_an_opening_word_and_a_year_in_brackets_are_read_as_meant(engine: Engine) -> None:
    opened = engine.ask("Hmm, Zhang's papers on graphs")
    assert not opened.notes and papers(opened) == papers(engine.ask("Zhang's papers on graphs"))
    dated = engine.ask("Hoefler (2023) on FPGAs")  # a year, not an affiliation
    assert "from 2023" in dated.notes[-1]
    assert engine.ask("Understand Hoefler's work on FPGAs").filters.author == "Torsten Hoefler"


@pytest.mark.parametrize(
    ("question", "plain"),
    [("Hoefler (ETH Zurich) on FPGAs", "Hoefler on FPGAs"),
     ("Zhang at Cornell on HLS", "Zhang on HLS"),
     ("Zhang et al. and his PhD students on quantization", "Zhang on quantization")],
)  # fmt: skip
def test_where_an_author_works_and_who_works_with_them_is_no_topic(
    engine: Engine, question: str, plain: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and not answer.notes
    assert papers(answer) == papers(engine.ask(plain))


def test_an_unlisted_person_beside_or_named_like_an_author_is_said_so(engine: Engine) -> None:
    plain = papers(engine.ask("Hoefler on quantization"))
    for question, named in [("Hoefler and Alistarh on quantization", "Alistarh"),
                            ("Frantar and Hoefler on quantization", "Frantar"),
                            ("Hoefler and Chen quantization", "Chen")]:  # fmt: skip
        coauthor = engine.ask(question)
        assert papers(coauthor) == plain, question
        assert coauthor.notes == (f"No listed author is named “{named}”.",)
    several = engine.ask("Alistarh, Frantar and Hoefler on quantization")
    assert papers(several) == plain
    assert several.notes == ("No listed author is named “Alistarh” or “Frantar”.",)
    other = engine.ask("papers by Wei Zhang on FPGAs")  # not Zhiru Zhang: no author filter
    assert other.filters == Filters() and other.notes == ("No listed author is named “Wei Zhang”.",)
    assert papers(other) == papers(engine.ask("papers on FPGAs"))
    # no topic: no list; the subject after an auxiliary was Zhiru Zhang, "Wei" his topic
    for alone in ["papers by Wei Zhang", "papers by Wei Zhang from 2023",
                  "what did Wei Zhang publish?", "has Wei Zhang got anything listed?"]:  # fmt: skip
        answer = engine.ask(alone)
        assert answer.abstained and not papers(answer) and answer.notes == other.notes, alone
    misspelled = engine.ask("What did Thorston Hoefler publish?")  # two edits from Torsten
    assert not any(note.startswith("No listed author") for note in misspelled.notes)
    # Words before a name that are no given name: a request, a greeting, a title.
    for question in ["Gimme Hoefler's papers", "Fetch Hoefler's papers", "Monsieur Hoefler"]:
        answer = engine.ask(question)
        assert answer.author is not None and len(papers(answer)) == 18, question
    assert engine.ask("Prof Zhang on FPGAs").filters.author == "Zhiru Zhang"


def test_a_topic_no_paper_of_those_years_has_shows_the_other_years_and_says_so(
    engine: Engine,
) -> None:
    everywhere = engine.ask("quantization papers")
    listed = engine.lookup.index.papers.values()
    assert not any("quantiz" in p.abstract.casefold() for p in listed if p.year == 2022)
    answer = engine.ask("quantization papers from 2022")
    assert not answer.abstained and papers(answer) == papers(everywhere)
    assert answer.filters == Filters()  # what the list passed
    assert answer.notes == (
        "No listed paper from 2022 is about “quantization”; these ones, from other years, are:",
    )
    assert engine.ask("earthquake papers from 2023").abstained  # none in any year


@pytest.mark.parametrize(
    "question", ["any papers like GPTQ?", "any others like GPTQ?", "what else is like GPTQ?"]
)
def test_papers_like_a_listed_one_are_its_nearest_not_itself(engine: Engine, question: str) -> None:
    # "others" and "else" were searched with GPTQ's name, which answered alone
    answer = engine.ask(question)
    assert "GPTQ" in answer.notes[0] and not any(t.startswith("GPTQ") for t in papers(answer))
    first = engine.lookup.index.papers[answer.results[0].paper.id]
    assert "quantiz" in first.abstract.casefold()
    within = engine.ask("anything similar to SAGMAN from 2024?")
    assert within.results and all(r.paper.year == 2024 for r in within.results)
    assert papers(engine.ask("I'd like the GPTQ paper"))[0].startswith("GPTQ")  # a wish


def test_a_count_in_the_question_is_how_many_are_listed_first(engine: Engine) -> None:
    answer = engine.ask("top 2 papers on graphs")
    assert len(answer.results) == 2 and answer.matched > 2
    # a number the user set (-k, an option) wins: the fuzz test found 8 shown for -k 1
    assert len(engine.ask("top 2 papers on graphs", k=1).results) == 1


def test_an_option_that_overrides_the_question_says_so(engine: Engine) -> None:
    answer = engine.ask("papers from 2024", filters=Filters(year_from=2022, year_to=2022))
    assert answer.notes == ("The years set (2022) replace the question's 2024.",)
    assert {r.paper.year for r in answer.results} == {2022}
    # "More results" asks again with the answer's own filters: they narrow, not replace.
    first = engine.ask("papers except 2023")
    assert first.filters.years == (2022, 2024) and not first.notes
    assert not engine.ask("papers except 2023", filters=first.filters).notes


def test_an_author_and_a_topic_search_only_that_authors_papers(engine: Engine) -> None:
    answer = engine.ask("hoefler's papers on quantization since 2023")
    assert papers(answer)[0].startswith("GPTQ")
    assert all(r.paper.authors == ("Torsten Hoefler",) for r in answer.results + answer.more)


@pytest.mark.parametrize(
    "question",
    [
        "what has Hoefler worked on in networks",
        "what has Hoefler's team done on networks?",
        "network papers by Prof. Hoefler and colleagues",
    ],
)
def test_an_author_topic_their_abstracts_say_lists_those_papers(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    listed = answer.results + answer.more
    assert answer.author is None and not answer.abstained and answer.matched == len(listed) >= 3
    assert all(r.paper.authors == ("Torsten Hoefler",) for r in listed)
    assert all("network" in f"{r.paper.title} {r.snippet.text}".casefold() for r in listed[:3])
    assert "Noise in the Clouds" in {p.split(":")[0] for p in papers(answer)}


@pytest.mark.parametrize(
    ("question", "author"),
    [("Hoefler on semantic image compression", "Torsten Hoefler"),
     ("what has Zhang done on quantum computing?", "Zhiru Zhang")],
)  # fmt: skip
def test_an_author_is_not_shown_the_other_authors_topic(
    engine: Engine, question: str, author: str
) -> None:
    # Both topics are the other author's: none of this author's papers is listed for them;
    # the other author's are shown as theirs, and not as a sure match.
    answer = engine.ask(question)
    shown = answer.results + answer.more
    assert shown and all(author not in r.paper.authors for r in shown)
    assert UNSURE in answer.notes and f"No listed paper by {author} is about" in answer.notes[-1]


def test_an_authors_papers_on_one_of_several_topics_are_listed_with_a_note(
    engine: Engine,
) -> None:
    # A word no abstract uses ("interconnects") made the whole topic unanswerable: "None
    # of Torsten Hoefler's papers is about “cloud networks photonic interconnects”".
    answer = engine.ask("Which of Hoefler's papers cover cloud networks or photonic interconnects?")
    assert not answer.abstained and papers(answer)[0].startswith("Noise in the Clouds")
    assert all("Torsten Hoefler" in r.paper.authors for r in answer.results + answer.more)
    assert answer.notes[0] == UNANSWERED_TOPICS.format("“photonic interconnects”")


@pytest.mark.parametrize(
    "question",
    ["Hoefler papers on binary neural networks",
     "which Zhiru Zhang paper proposes a network topology for supercomputers?"],
)  # fmt: skip
def test_an_authors_paper_found_after_anothers_is_not_a_sure_match(
    engine: Engine, question: str
) -> None:
    # The topic's best paper is the other author's; this author's nearest paper shares
    # only the field's words with it, so it is not shown as a sure answer.
    answer = engine.ask(question)
    assert answer.abstained or UNSURE in answer.notes
    assert not answer.abstained or any("None of" in n for n in answer.notes)


@pytest.mark.parametrize(
    ("question", "named", "asked", "owner"),
    [("the Polynormer paper by Hoefler", "Polynormer", "Torsten Hoefler", "Zhiru Zhang"),
     ("what did Zhang's GPTQ work quantize?", "GPTQ", "Zhiru Zhang", "Torsten Hoefler"),
     ("did zhang write hammingmesh?", "HammingMesh", "Zhiru Zhang", "Torsten Hoefler"),
     ("Hoefler's HOGA model: what was it evaluated on?", "Less is More", "Torsten Hoefler",
      "Zhiru Zhang"),
     # his papers share the title's words ("spatial", "energy-efficient"), not its name
     ("which Zhang paper introduces the spatial computer model of energy-efficient "
      "computation?", "The spatial computer", "Zhiru Zhang", "Torsten Hoefler")],
)  # fmt: skip
def test_a_paper_named_with_the_wrong_author_is_shown_with_whose_it_is(
    engine: Engine, question: str, named: str, asked: str, owner: str
) -> None:
    # The name is a listed paper's (its title's, or one only its abstract uses), and
    # the author asked about wrote none that mention it: that paper answers, and the
    # note says who did write it.
    answer = engine.ask(question)
    assert not answer.abstained and answer.author is None
    assert papers(answer)[0].startswith(named)
    assert any(f"No paper by {asked}" in n and owner in n for n in answer.notes)


def test_a_paper_named_with_its_own_author_has_no_note_about_whose_it_is(
    engine: Engine,
) -> None:
    answer = engine.ask("Hoefler's GPTQ paper: how many GPU hours did it take?")
    assert papers(answer)[0].startswith("GPTQ")
    assert not any("No paper by" in n for n in answer.notes)


def test_more_results_of_an_authors_papers_on_a_topic_are_quoted_when_asked(
    engine: Engine,
) -> None:
    answer = engine.ask("what has Hoefler worked on in networks", quote=8)
    listed = answer.results + answer.more
    assert len(listed) >= 5 and all(r.snippet.text for r in listed[:8])


def test_several_authors_without_a_match_say_so_and_show_the_closest(engine: Engine) -> None:
    answer = engine.ask("papers by Hoefler or Zhang on earthquake detection")
    assert answer.abstained and not papers(answer) and len(answer.closest) == 3
    assert any("None of the papers by Torsten Hoefler or Zhiru Zhang" in n for n in answer.notes)


@pytest.mark.parametrize(
    "question",
    [
        "is zhang more of a hardware guy or an ML guy?",
        "does Hoefler prefer FPGAs or GPUs?",
        "what are hoefler's main themes? is it all HPC or is there ML too?",
        "ok so hoefler, is he mostly an HPC/networking person or does he do ML stuff too?",
    ],
)
def test_weighing_two_areas_of_an_authors_work_gets_the_card(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.author is not None and not answer.notes


@pytest.mark.parametrize(
    ("question", "asked"),
    [("papers on quantisation", "papers on quantization"), ("fpgas", "FPGAs"),
     ("hoefler's papers on quantisation", "hoefler's papers on quantization")],
)  # fmt: skip
def test_the_other_spelling_of_a_word_finds_the_same_papers(
    engine: Engine, question: str, asked: str
) -> None:
    answer, spelled = engine.ask(question), engine.ask(asked)
    assert not answer.abstained and papers(answer) == papers(spelled)


def test_a_field_abbreviation_with_a_topic_is_answered(engine: Engine) -> None:
    answer = engine.ask("ML for weather forecasting")
    assert not answer.abstained and papers(answer)[0].startswith("ENS-10")
    graphs = engine.ask("ML papers on graphs")
    assert not graphs.abstained and any("Graph" in title for title in papers(graphs)[:3])


@pytest.mark.parametrize(
    "question",
    [
        "could you give me a quick tl;dr of zhiru zhang's work? meeting him in 20 min haha",
        "can u list all of hoefler's papers pls, prepping a reading group for next week",
        "What is the range of publication years for Zhiru Zhang's papers?",
        "can someone give me a quick overview of Hoefler's papers in here? new to the server :)",
        "Em que anos foram publicados os artigos de Zhiru Zhang?",
    ],
)
def test_chatter_around_an_author_question_is_no_topic(engine: Engine, question: str) -> None:
    # Each of these found one or two papers by words like "range", "based" or "foram".
    answer = engine.ask(question)
    assert answer.author is not None and answer.matched == 18
    assert not answer.notes


@pytest.mark.parametrize(
    "question", ["how many subjects in 2023?", "how many distinct categories do 2023 papers span?"]
)
def test_how_many_subjects_within_filters_counts_the_subjects(
    engine: Engine, question: str
) -> None:
    # "11 listed papers match.": the papers were counted, not their subjects
    listed = [p for p in engine.searcher.index.papers.values() if p.year == 2023]
    subjects = {s for p in listed for s in p.subjects}
    answer = engine.ask(question)
    assert f"{len(listed)} papers, 2023; {len(subjects)} subjects: " in answer.notes[0]


@pytest.mark.parametrize(
    "question",
    ["how many different subjects does Hoefler have in 2022?",
     "how many categories did Hoefler publish in during 2022?",
     "how many fields did Hoefler work in during 2022?"],
)  # fmt: skip
def test_how_many_subjects_an_author_has_within_years_counts_them(
    engine: Engine, question: str
) -> None:
    # "different" had been read as comparing years, and no paper or count was shown
    papers = engine.searcher.index.papers.values()
    listed = [p for p in papers if p.year == 2022 and "Torsten Hoefler" in p.authors]
    subjects = {s for p in listed for s in p.subjects}
    answer = engine.ask(question)
    assert answer.matched == len(listed)
    assert any(f"{len(listed)} papers, 2022; {len(subjects)} subjects: " in n for n in answer.notes)


def test_a_subject_count_with_subjects_left_out_shows_no_count_of_all(engine: Engine) -> None:
    # the line had counted the 13 papers of 2022 though 6 of them were left out
    answer = engine.ask("how many subjects does Hoefler have in 2022, excluding cs.DC?")
    shown = answer.results + answer.more
    assert shown and all(s.code != "cs.DC" for r in shown for s in r.paper.subjects)
    assert not any("cs.DC 6" in note for note in answer.notes)


@pytest.mark.parametrize(
    "question", ["Hoefler papers on A100", "which of Hoefler's papers mention the A100?"]
)
def test_a_name_an_authors_papers_write_is_their_topic(engine: Engine, question: str) -> None:
    # all 18 of his papers: the code was taken for chatter, close to no sentence's meaning
    hoefler = [p for p in engine.searcher.index.papers.values() if "Torsten Hoefler" in p.authors]
    writing = {p.title for p in hoefler if "A100" in p.abstract}
    assert writing and set(papers(engine.ask(question))) == writing


@pytest.mark.parametrize(
    ("question", "year"),
    [
        ("Wonder if Zhiru Zhang was busy in 2024. Which of his papers are from 2024?", 2024),
        ("I bet Hoefler wrote nothing in 2023, right? which of his papers are from 2023?", 2023),
        ("Zhang probably took a break in 2023, right? What did he put out in 2023?", 2023),
    ],
)
def test_chat_before_an_authors_ask_is_no_topic(engine: Engine, question: str, year: int) -> None:
    # "None of Zhiru Zhang's papers from 2024 is about “Wonder busy”": the words of the
    # sentence before the ask were read as its topic.
    answer = engine.ask(question)
    shown = answer.results + answer.more
    assert not answer.abstained and shown and not answer.notes
    assert all(r.paper.year == year for r in shown)
    assert (
        answer.matched == engine.ask(f"papers by {shown[0].paper.authors[0]} from {year}").matched
    )


@pytest.mark.parametrize(
    "question",
    [
        "Has Hoefler written on blockchain? If so, which ones?",
        "Did Zhang do anything on quantum chemistry? Which years?",
        "Zhang and robotics. Anything from 2024?",
        "Did Hoefler write about blockchain? Which of them are from 2023?",
    ],
)
def test_a_topic_the_list_lacks_before_the_ask_is_still_the_topic(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)  # not every paper of the author, as if all were on it
    assert answer.abstained and not answer.results and answer.notes[0].startswith("None of")


def test_an_ask_pointing_back_to_a_topic_keeps_it(engine: Engine) -> None:
    answer = engine.ask("Zhiru Zhang works on FPGAs. Any of his papers on that?")
    held = engine.searcher.index.papers
    assert 1 <= answer.matched < 18
    assert all("FPGA" in held[r.paper.id].abstract for r in answer.results + answer.more)


def test_a_topic_asked_of_an_author_in_chat_still_lists_their_papers_on_it(
    engine: Engine,
) -> None:
    answer = engine.ask(
        "hey so i'm getting into ML for weather/climate, did hoefler write anything on "
        "weather or climate? asking for our reading group"
    )
    assert answer.author is None and 1 <= answer.matched < 18
    assert all("Torsten Hoefler" in r.paper.authors for r in answer.results + answer.more)
    assert any("Weather" in title for title in papers(answer))


@pytest.mark.parametrize(
    ("question", "title_word"),
    [
        ("what has hoefler done on weather? thx", "Weather"),
        ("hey does hoefler have anything on weather? need it for a talk tmrw", "Weather"),
        ("zhang's papers on quantization, prepping a reading group", "Quantization"),
        ("hoefler's papers on security, prepping a reading group", "Attestation"),
    ],
)
def test_chat_in_a_clause_of_its_own_does_not_hide_the_authors_topic(
    engine: Engine, question: str, title_word: str
) -> None:
    # Each was "none of his papers is about 'weather thx'" or the whole card.
    answer = engine.ask(question)
    author = "Torsten Hoefler" if "hoefler" in question else "Zhiru Zhang"
    assert answer.author is None and 1 <= answer.matched < 18
    assert all(author in r.paper.authors for r in answer.results + answer.more)
    assert any(title_word in title for title in papers(answer))


def test_an_author_topic_with_no_match_says_so_and_shows_the_card(engine: Engine) -> None:
    answer = engine.ask("zhang's papers on earthquake detection from seismic waveforms")
    assert answer.author is not None and answer.abstained  # nothing answers; the card shows
    assert any("None of Zhiru Zhang's papers" in note for note in answer.notes)
    early = engine.ask("hoefler's papers from 2024")  # his listed papers are from 2022-2023
    assert early.author is not None and not early.abstained
    assert early.notes == (
        "No listed paper by Torsten Hoefler is from 2024; those papers are from 2022–2023.",
    )


@pytest.mark.parametrize(
    ("question", "count", "filters"),
    [
        ("2023 papers", 11, Filters(year_from=2023, year_to=2023)),
        ("what's filed under cs.ET?", 2, Filters(subject="cs.ET")),
        ("anything in cs.PL or cs.SE?", 2, Filters(subject="cs.PL,cs.SE")),
        ("machine learning (cs.LG) papers from 2022", 4, Filters(2022, 2022, "cs.LG")),
        ("list all the cs.DC (distributed, parallel and cluster computing) papers", 8, Filters(subject="cs.DC")),
    ],
)  # fmt: skip
def test_a_filter_only_question_lists_every_match(
    engine: Engine, question: str, count: int, filters: Filters
) -> None:
    answer = engine.ask(question, k=3)
    assert not answer.abstained and answer.filters == filters
    assert answer.matched == count == len(papers(answer)) and len(answer.results) == min(3, count)


def test_options_and_written_filters_combine_and_options_win(engine: Engine) -> None:
    answer = engine.ask("2023 papers", filters=Filters(year_from=2024, year_to=2024))
    assert answer.filters.year_from == 2024 and all(r.paper.year == 2024 for r in answer.results)
    typed = engine.ask("graph papers", filters=Filters(subject="machine learning"))
    assert typed.filters.subject == "cs.LG"


def test_leaving_out_every_listed_year_says_so_and_lists_nothing(engine: Engine) -> None:
    answer = engine.ask("papers not from 2022-2024")
    assert not answer.results and answer.notes == (
        "Every listed paper is from 2022–2024, the years the question leaves out.",
    )
    assert {r.paper.year for r in engine.ask("papers not from 2023-24").results} == {2022}
    decade = engine.ask("papers not from the 2020s")  # listed every paper of the 2020s
    assert not decade.results and decade.notes[0].startswith("Every listed paper is from")
    kept = engine.ask("no 2022 papers please")  # listed the 2022 papers
    assert kept.matched == 23 and 2022 not in {r.paper.year for r in kept.results + kept.more}


def test_whats_new_lists_the_newest_papers_first(engine: Engine) -> None:
    answer = engine.ask("what's new?")
    years = [r.paper.year for r in answer.results + answer.more]
    assert answer.matched == 36 and years == sorted(years, reverse=True)


def test_every_paper_of_the_list_can_be_paged_through_oldest_first_when_asked(
    engine: Engine,
) -> None:
    # The whole list was cut at 25 papers, newest first, under a line counting 36: the
    # eleven oldest could not be seen, and "the oldest paper in the list" began in 2024.
    whole = engine.ask("show me all the papers you hold")
    assert len(whole.results + whole.more) == whole.matched == 36
    oldest = engine.ask("what's the oldest paper in the list?")
    years = [r.paper.year for r in oldest.results + oldest.more]
    assert oldest.notes[0].startswith("36 papers") and years == sorted(years)


def test_a_listing_longer_than_an_answer_carries_says_how_to_see_the_rest(
    engine: Engine,
) -> None:
    carried = engine.settings.listed
    engine.settings.listed = 10
    try:
        answer = engine.ask("show me all the papers, oldest first")
    finally:
        engine.settings.listed = carried
    assert len(answer.results + answer.more) == 10 and answer.matched == 36
    assert answer.notes[-1] == (
        "These are the 10 oldest of 36 papers; ask for a year, a subject or an author to see "
        "others."
    )


@pytest.mark.parametrize(
    "question",
    ["which subjects are there?", "how many papers are there?", "how many papers per year?",
     "what's the distribution of years?", "who are the authors?", "what's in the list?",
     "which years are covered?", "what years does the list span?", "statistics of the list",
     # "total" was a topic ("1 listed paper matches"); "paper count" asked nothing
     "how many papers are there in total?", "how many papers altogether?",
     "what's the paper count?",
     # the bot named as what holds the list: "bot" was a topic, and the answer abstained
     "Which authors are covered by this bot?", "which authors does the bot know about?",
     # "distinct" was a topic: "No listed paper matches."
     "how many distinct subject categories are there?", "how many different categories?"],
)  # fmt: skip
def test_a_question_about_the_list_itself_counts_its_papers(engine: Engine, question: str) -> None:
    # Each got one arbitrary paper ("subjects" matched "subjected"), a bare count, or
    # "Nothing in the list answers that."
    answer = engine.ask(question)
    papers = list(engine.lookup.index.papers.values())
    years = Counter(p.year for p in papers)
    assert not answer.abstained and answer.matched == len(papers)
    assert answer.notes[0].startswith(
        f"{len(papers)} papers, {min(years)}–{max(years)} ("
        + " · ".join(f"{y}: {n}" for y, n in sorted(years.items()))
    )
    assert "2 listed authors: Torsten Hoefler 18 · Zhiru Zhang 18." in answer.notes[0]
    subjects = {s for p in papers for s in p.subjects}
    assert f"{len(subjects)} subjects: cs.LG 15 · cs.DC 8 · " in answer.notes[0]
    assert " more" not in answer.notes[0]
    within = engine.ask("how are the cs.LG papers distributed over years?")
    assert within.filters.subject == "cs.LG"
    assert within.notes[0].startswith(f"{within.matched} papers") and "cs.LG" in within.notes[0]
    for asked in ("which subjects are there in 2023?", "who are the authors of cs.DC papers?"):
        filtered = engine.ask(asked)  # a facet asked with a filter: counted within it
        assert filtered.notes[0].startswith(f"{filtered.matched} papers, ")
    assert not engine.ask("which cs.LG papers are from 2023 (either author)?").notes


@pytest.mark.parametrize(
    "question",
    ["Which arXiv categories do Torsten Hoefler's listed papers fall under?",
     "ok so what's hoefler's whole deal, like what are the main themes across his stuff",
     "can someone summarise zhiru zhang's papers for me, new to the group lol",
     "how many hoefler papers have we got? need a number for my slides",
     "can u dump every hoefler title you have? need it for a related-work section",
     "lol what's hoefler's stuff about overall, give me the big picture"],
)  # fmt: skip
def test_chat_around_what_the_card_says_is_not_a_topic_it_lacks(
    engine: Engine, question: str
) -> None:
    # Each noted "None of Torsten Hoefler's papers is about “fall”" ("deal like",
    # "someone group", "need slides", "u dump need section", "big picture") over the card.
    answer = engine.ask(question)
    assert answer.author is not None and not answer.notes and answer.matched == 18
    for lacking in (
        "what years did hoefler publish on blockchain?",
        "list hoefler's papers on blockchain",
    ):
        assert engine.ask(lacking).notes == (  # a topic brought in: said
            "None of Torsten Hoefler's papers is about “blockchain”; here is the summary.",
        )


def test_a_count_of_an_authors_papers_with_an_aside_gets_their_card(engine: Engine) -> None:
    # The words beside the author ("round", "applause") are in no paper of his: the card
    # was replaced by a listing of his 2022 papers, with no count of the others.
    answer = engine.ask(
        "A round of applause for Torsten Hoefler! Of his papers, how many are from 2022 "
        "and how many overall?"
    )
    assert answer.author is not None and answer.author.name == "Torsten Hoefler"
    assert answer.author.count == sum(answer.author.year_counts.values()) > 13


@pytest.mark.parametrize(
    ("question", "author", "year"),
    [
        # the words around the count ("asking for a friend", "kindly confirm", a box
        # marked with the author) got the author's card: all their papers, no count
        ("How many listed papers are from Zhang in 2024? asking for a friend", "Zhiru Zhang",
         2024),
        ("Kindly confirm the count of papers from Torsten Hoefler in year 2022 in our list.",
         "Torsten Hoefler", 2022),
        ("Found a box marked 'Zhang 2023'. How many listed papers go in it?", "Zhiru Zhang",
         2023),
        ("I need more info: how many papers did Zhang publish in 2024?", "Zhiru Zhang", 2024),
        # a count asked by a verb, of papers named with their author's possessive ("tally"
        # was the topic, "Zhang's" kept "count" from reading as a count: the card)
        ("Count Zhang's papers from 2024 for me, would ya", "Zhiru Zhang", 2024),
        ("Tally up Hoefler's 2023 papers for me", "Torsten Hoefler", 2023),
        # other nouns for papers: the count had not been read, and no number was given
        ("Count the works of Zhang from 2024, please", "Zhiru Zhang", 2024),
        ("number of preprints by Hoefler from 2022?", "Torsten Hoefler", 2022),
    ],
)  # fmt: skip
def test_a_count_of_an_authors_papers_in_a_year_with_chat_counts_them(
    engine: Engine, question: str, author: str, year: int
) -> None:
    papers = engine.searcher.index.papers.values()
    count = sum(author in p.authors and p.year == year for p in papers)
    answer = engine.ask(question)
    assert 0 < answer.matched == count
    assert f"{count} listed papers match." in answer.notes


@pytest.mark.parametrize(
    "question",
    ["Please state the number of papers listed under cs.CV.",
     "Report the number of cs.CV papers.", "Compute me the number of papers in cs.CV"],
)  # fmt: skip
def test_the_verb_that_asks_for_the_number_of_papers_is_no_topic(
    engine: Engine, question: str
) -> None:
    # "state" is in abstracts ("state-of-the-art"): the count had abstained, "No listed
    # paper matches", or counted the one cs.CV paper writing it
    count = sum("cs.CV" in p.subjects for p in engine.searcher.index.papers.values())
    answer = engine.ask(question)
    assert answer.matched == count and answer.notes[0] == f"{count} listed papers match."


def test_a_label_before_a_count_that_matches_other_years_is_an_aside(engine: Engine) -> None:
    # "estimate" is in one of Hoefler's 2022 abstracts: the count had been "1 listed
    # paper matches", that 2022 paper, as if the label were the topic
    answer = engine.ask("Estimate needed: number of Hoefler papers from 2023.")
    hoefler = [p for p in engine.searcher.index.papers.values() if "Torsten Hoefler" in p.authors]
    count = sum(p.year == 2023 for p in hoefler)
    assert answer.matched == count and f"{count} listed papers match." in answer.notes
    assert {r.paper.year for r in answer.results + answer.more} == {2023}
    # a topic said in the ask still looks beyond the years ("None ... from 2023 is about")
    graph = engine.ask("Hoefler's graph work from 2023?")
    assert any("from other years" in note for note in graph.notes)


def test_a_count_of_papers_found_unsurely_says_it_is_not_sure(engine: Engine) -> None:
    # "2 listed papers match" had counted the closest papers as matches, with no doubt
    for question in (
        "how many papers are about speculative decoding?",
        "how many papers use quantum annealing?",
    ):  # fmt: skip
        answer = engine.ask(question)
        count = f"Not a sure count: {answer.matched} listed papers may match."
        assert answer.notes[:2] == (count, UNSURE), question
        assert not any(note.endswith("listed papers match.") for note in answer.notes)
    sure = engine.ask("how many papers study weather?")  # a count found surely stays one
    assert UNSURE not in sure.notes and f"{sure.matched} listed papers match." in sure.notes


@pytest.mark.parametrize(
    ("question", "author"),
    [
        ("How many papers did Zhang publish in 2024? My friend says more than in 2023.",
         "Zhiru Zhang"),
        ("how many papers did zhang put out in 2023 vs 2024, just curious", "Zhiru Zhang"),
        # with no chat: the papers of one year had been listed, as one count
        ("How many Hoefler papers from 2022 and how many overall?", "Torsten Hoefler"),
        ("How many papers did Hoefler publish in 2022 compared to 2023?", "Torsten Hoefler"),
    ],
)  # fmt: skip
def test_a_count_weighing_years_gets_the_authors_card(
    engine: Engine, question: str, author: str
) -> None:
    answer = engine.ask(question)
    assert answer.author is not None and answer.author.name == author
    assert not answer.results and len(answer.author.year_counts) == 2


@pytest.mark.parametrize(
    ("question", "owner"),
    [
        # a topic only another listed author wrote on: "None of Zhiru Zhang's papers is
        # about ...; here is the summary", and the paper on it was not shown
        ("Zhang's paper on approximate reversible circuits", "Torsten Hoefler"),
        ("Hoefler's paper on graph transformers in linear time", "Zhiru Zhang"),
        ("the 2022 Zhang paper on reversible circuits for noisy quantum computers",
         "Torsten Hoefler"),
    ],
)  # fmt: skip
def test_a_topic_remembered_with_the_wrong_author_shows_whose_paper_it_is(
    engine: Engine, question: str, owner: str
) -> None:
    answer = engine.ask(question)
    papers = engine.searcher.index.papers
    assert answer.results and not answer.abstained
    assert all(owner in papers[r.paper.id].authors for r in answer.results)
    assert UNSURE in answer.notes and answer.notes[-1].endswith(f"by {owner}, is:")


def test_a_topic_no_listed_author_wrote_on_still_gets_the_card(engine: Engine) -> None:
    answer = engine.ask("Hoefler's paper on speculative decoding")
    assert answer.abstained and not answer.results and answer.author is not None
    assert answer.notes[0].startswith("None of Torsten Hoefler's papers is about")


def test_a_kind_of_number_asked_of_an_author_is_a_topic_not_a_count(engine: Engine) -> None:
    # "number formats" names a topic: Hoefler has no paper on it, which is said, where
    # the reply had listed all 18 of his papers as if a count had been asked.
    answer = engine.ask("Hoefler's paper on number formats for LLMs")
    assert not answer.results and answer.matched == 0
    assert answer.notes[0].startswith("None of Torsten Hoefler's papers is about")
    counted = engine.ask("Zhang: number of papers and years")
    assert counted.author is not None and counted.matched == 18 and not counted.notes


@pytest.mark.parametrize(
    ("question", "author", "topic"),
    [
        # in another language: they got the card, as if the question asked for it
        ("Hoefler有关于robot navigation的论文吗？", "Torsten Hoefler", "robot navigation"),
        ("Zhiru Zhangさんのblockchainに関する論文はありますか？", "Zhiru Zhang", "blockchain"),
        ("Hoefler 교수님의 protein folding 논문이 있나요?", "Torsten Hoefler", "protein folding"),
        # a word of the question's own language is no part of the topic: "ha blockchain"
        ("¿Qué ha publicado Zhang sobre blockchain?", "Zhiru Zhang", "blockchain"),
        # "in this list" asked to list all their papers: all 18 were listed
        ("Does Hoefler have any robotics papers in this list?", "Torsten Hoefler", "robotics"),
        ("Has Zhang got any blockchain papers in the list?", "Zhiru Zhang", "blockchain"),
    ],
)
def test_a_topic_an_author_lacks_is_said_however_it_is_asked(
    engine: Engine, question: str, author: str, topic: str
) -> None:
    answer = engine.ask(question)
    assert answer.abstained and not answer.results and answer.author is not None
    assert answer.notes == (f"None of {author}'s papers is about “{topic}”; here is the summary.",)


@pytest.mark.parametrize(
    ("question", "author"),
    [  # a word the card answers ("summary", "distribution") describes the thing asked for
        ("Zhang supposedly wrote up a summary of robot arm grasping with tactile gloves. "
         "Which of his papers was it?", "Zhiru Zhang"),
        ("Hoefler had a paper about the distribution of cache misses in blockchain miners. "
         "Which of his was it?", "Torsten Hoefler"),
    ],
)  # fmt: skip
def test_an_author_paper_described_before_an_ask_pointing_back_is_that_topic(
    engine: Engine, question: str, author: str
) -> None:
    # All 18 of the author's papers were listed, as if the card had been asked for.
    answer = engine.ask(question)
    assert answer.abstained and not answer.results and answer.author is not None
    assert answer.notes[0].startswith(f"None of {author}'s papers is about")
    card = engine.ask("Hoefler had some papers. What is their breakdown by year?")
    assert card.author is not None and not card.abstained  # the ask's own card word


def test_a_title_case_name_with_of_the_list_lacks_is_said_missing(engine: Engine) -> None:
    # "Tree" and "Thoughts" were read apart, and Hoefler's 18 papers were listed.
    answer = engine.ask("Did Hoefler write Tree of Thoughts? Is it in the list?")
    assert answer.abstained and not answer.results and answer.closest
    assert answer.notes[0].startswith("No listed paper mentions “Tree of Thoughts”")


@pytest.mark.parametrize(
    "question", ["¿Qué técnicas usa Zhiru Zhang?", "Quais métodos o Hoefler usa?"]
)
def test_an_author_question_left_with_its_own_language_words_gets_the_card(
    engine: Engine, question: str
) -> None:
    # "None of ... is about “techniques usa”": "usa" is Spanish and Portuguese.
    answer = engine.ask(question)
    assert answer.author is not None and not answer.abstained and not answer.notes


def test_a_word_in_capitals_for_emphasis_is_no_paper_name(engine: Engine) -> None:
    # "No listed paper is the “EVERY” paper."
    answer = engine.ask("short on time: EVERY paper here on graph neural networks please")
    assert not answer.abstained and answer.matched >= 5 and not answer.notes


@pytest.mark.parametrize(
    "question",
    [
        "¿En qué temas trabaja Hoefler?",
        "Sur quoi travaille Hoefler ?",
        # "None of Torsten Hoefler's papers is about “áreas investigates”"
        "¿Qué áreas de investigación cubre Hoefler?",
    ],
)
def test_an_author_question_in_words_of_another_language_gets_the_card(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)  # the card; at most a note that it could not read it
    assert answer.author is not None and not answer.abstained
    assert not any("is about" in note for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "name"),
    [("Which papers mention OPT-30B?", "OPT-30B"), ("any results on OPT 13B?", "OPT 13B")],
)
def test_a_model_size_the_list_lacks_is_said_missing(
    engine: Engine, question: str, name: str
) -> None:
    # Three capitals and a size were read as a generic abbreviation: an abstention with
    # no word of why, though the abstracts name OPT only at 66B and 175B.
    answer = engine.ask(question)
    assert answer.abstained and answer.notes[-1] == f"No listed paper mentions “{name}”."
    assert not engine.ask("Which papers mention OPT-66B?").abstained


def test_a_listed_paper_turned_down_leaves_the_name_the_list_lacks(engine: Engine) -> None:
    # The turned-down paper was shown as an unsure answer, and a name typed twice was
    # said twice in the note.
    answer = engine.ask("No, HammingMesh isn't it. I mean FlexMesh. Is FlexMesh listed?")
    assert answer.abstained and not answer.results and answer.closest
    assert answer.notes[-1] == "No listed paper mentions “FlexMesh”."


@pytest.mark.parametrize(
    ("question", "first"),
    [
        (
            "Our group uses the TurboQuant library every day. Which listed papers quantize "
            "large language models?",
            "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers",
        ),
        (
            "We deploy the RoboSched framework on our cluster. Our jobs are mostly graph "
            "analytics. Is there anything on approximate graph mining with probabilistic "
            "set representations?",
            "ProbGraph: High-Performance and High-Accuracy Graph Mining with Probabilistic "
            "Set Representations",
        ),
    ],
)
def test_a_name_the_list_lacks_in_the_background_is_not_what_is_asked(
    engine: Engine, question: str, first: str
) -> None:
    # Both said "No listed paper mentions" the name of the asker's own tool. The list
    # question is a near miss (P about 0.25, the list threshold): answered or not, the
    # paper asked about comes first or second.
    answer = engine.ask(question)
    shown = answer.closest if answer.abstained else answer.results
    assert first in [r.paper.title for r in shown[:2]]
    assert not any("No listed paper" in note for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("which entries are in cs.CL?", "which papers are in cs.CL?"),
        ("which records are from 2022?", "which papers are from 2022?"),
        ("list the rows with category cs.ET", "list the papers with category cs.ET"),
        ("show the preprints tagged primarily as cs.CV", "which papers are in cs.CV?"),
        ("Hoefler's 2022 papers minus the quantum ones: what remains?",
         "Hoefler's 2022 papers minus the quantum ones"),
        ("Zhang's papers from 2024 without graph ones - what's left?",
         "Zhang's papers from 2024 without graph ones"),
        # who is asked, or why, before the ask in its sentence
        ("bot, please list every cs.ET paper", "list every cs.ET paper"),
        ("As my advisor asked, which papers are from 2022?", "which papers are from 2022?"),
        ("As agreed, the helper shall enumerate each 2023 paper.", "2023 papers"),
    ],
)  # fmt: skip
def test_a_listing_asked_with_other_words_for_papers_lists_the_same(
    engine: Engine, question: str, plain: str
) -> None:
    # Each abstained: "entries", "rows", "primarily", "remains" were searched as a topic.
    lists_as(engine, question, plain)


def lists_as(engine: Engine, question: str, plain: str) -> tuple[Answer, Answer]:
    """Assert that a question lists the papers its plain form lists; return both answers."""
    answer, expected = engine.ask(question), engine.ask(plain)
    assert not answer.abstained and papers(answer) == papers(expected) and papers(answer)
    return answer, expected


@pytest.mark.parametrize(
    "question",
    [
        "Do any listed papers test Acme's OPT checkpoints?",
        "which papers benchmark on Initech's A100 GPUs?",
        "I'd like the papers whose results use Globex's OPT family.",
    ],
)
def test_the_maker_of_a_named_thing_the_list_mentions_is_no_topic(
    engine: Engine, question: str
) -> None:
    # The maker's name is in no abstract: the answer abstained, or said the list lacks it.
    answer = engine.ask(question)
    assert not answer.abstained and answer.results
    assert not any("No listed paper" in note for note in answer.notes)


@pytest.mark.parametrize(
    "question",
    ["URGENT: which papers quantize LLMs?", "SEEKING papers on graph databases"],
)
def test_a_label_in_capitals_opening_a_question_is_no_name(engine: Engine, question: str) -> None:
    # Each said "No listed paper mentions" its label, and abstained.
    answer = engine.ask(question)
    assert not answer.abstained and answer.results
    assert not any("No listed paper" in note for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("Part B (6 marks): list every 2022 paper filed under cs.DC",
         "2022 papers filed under cs.DC"),
        ("Round two, worth 500: every cs.ET paper!", "cs.ET papers"),
        ("SELECT title FROM listing WHERE category = 'cs.CV'; -- all of them", "cs.CV papers"),
        # an amount in words is no topic, as digits are not ("hundred" is in an abstract)
        ("Everyone claims Zhang wrote five hundred papers. Which of his are cs.LG?",
         "Zhang's cs.LG papers"),
        # code testing the list's fields: "message" and "string" are words of 2022 cs.DC
        # abstracts, searched as the topic; papers from other years had been shown
        ('message Req { string q = 1; /* year == 2022 AND subject == "cs.DC" */ } // count',
         "2022 papers filed under cs.DC"),
        ("rows = [r for r in table if r.year == 2023]; print(rows)", "2023 papers"),
    ],
)  # fmt: skip
def test_words_no_paper_within_the_filters_holds_are_an_aside_to_a_listing(
    engine: Engine, question: str, plain: str
) -> None:
    # Each was searched as a topic within the filters: abstained, or answered from
    # other years and subjects.
    answer, expected = lists_as(engine, question, plain)
    assert answer.filters == expected.filters


def test_a_string_literal_of_a_query_on_the_lists_fields_is_its_topic(engine: Engine) -> None:
    answer = engine.ask("SELECT title FROM papers WHERE year = 2023 AND abstract LIKE '%graph%'")
    assert answer.results and not any(n.startswith("Nothing listed is about") for n in answer.notes)


@pytest.mark.parametrize(
    ("question", "word", "year", "negated"),
    [("[p.title for p in papers if 'GPU' in p.abstract and p.year == 2024]", "GPU", 2024, False),
     ("papers.filter(p => p.abstract.includes('weather') && p.year == 2022)", "weather", 2022,
      False),
     # negated: it had listed exactly the papers writing the literal
     ("SELECT title FROM papers WHERE abstract NOT LIKE '%GPU%' AND year == 2024", "GPU", 2024,
      True),
     ("[p for p in papers if 'GPU' not in p.abstract and p.year == 2024]", "GPU", 2024, True),
     # SQL's WHERE tests with "=" too
     ("SELECT title FROM papers WHERE year = 2024 AND abstract LIKE '%GPU%'", "GPU", 2024,
      False)],
)  # fmt: skip
def test_a_containment_test_in_code_lists_the_papers_writing_its_literal(
    engine: Engine, question: str, word: str, year: int, negated: bool
) -> None:
    # Searched with the code's words around the literal, one of three 2022 weather
    # papers was found, beside a graph paper; nothing written says those words.
    answer = engine.ask(question)
    writing = {
        p.title
        for p in engine.searcher.index.papers.values()
        if p.year == year and (word.casefold() in f"{p.title} {p.abstract}".casefold()) != negated
    }
    assert writing and {r.paper.title for r in answer.results + answer.more} == writing
    assert not any(n.startswith("Nothing listed is about") for n in answer.notes)


def test_one_word_in_quotes_in_code_on_the_lists_fields_is_a_topic(engine: Engine) -> None:
    # any one word of two to nine letters had passed for a subject code and been dropped
    answer = engine.ask('rows = [r for r in table if r.year == 2023 and r.topic == "graphs"]')
    assert not any(n.startswith("Nothing listed is about") for n in answer.notes)


@pytest.mark.parametrize(
    "question",
    [
        "which 2023 papers study music?",
        "which cs.LG papers use spiking neurons?",
        "any cs.CV papers for cooking?",  # listed all cs.CV papers as an aside
        "which cs.DC papers handle smart contracts?",  # the same
        "Which 2022 papers are about two-sided markets?",  # "two" of a compound: a topic
    ],
)
def test_a_topic_the_filtered_papers_lack_is_no_aside(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert not any(note.startswith("Nothing listed is about") for note in answer.notes)
    assert answer.abstained or UNSURE in answer.notes


@pytest.mark.parametrize(
    ("question", "name"),
    [
        # what the asked paper is said to be: each abstained without saying why
        ("ops chat: a learned mesh weather forecaster keeps coming up\n"
         "ok bot, which entry is GraphCast?", "GraphCast"),
        ("Our reading list mixes sparse kernels and ocean models. Which of these is SparseTIR?",
         "SparseTIR"),
        # asked to be in the list: a third of the topic or less, the first was answered
        # surely with one of Zhang's graph papers
        ("Any chance RoboSched is in the pool? Zhiru Zhang's scheduler for robot fleets.",
         "RoboSched"),
        ("Is FlexTorch listed?", "FlexTorch"),
        ("was QuillNet ever among Hoefler's papers?", "QuillNet"),
        ("SlimNet is included here, right?", "SlimNet"),
    ],
)  # fmt: skip
def test_a_name_asked_as_the_paper_or_in_the_list_is_said_missing(
    engine: Engine, question: str, name: str
) -> None:
    answer = engine.ask(question)
    assert answer.abstained and answer.notes[0].startswith(f"No listed paper mentions “{name}”")


@pytest.mark.parametrize(
    ("question", "listed"),
    [
        ("Is ENS10 in the weather forecasting work?", "ENS-10"),
        ("Any chance ResNet50 is in the mixed-precision quantization work?", "FLIQS"),
        ("Is StudentFloat among the LLM formats here?", "Learning from Students"),
    ],
)  # fmt: skip
def test_a_listed_name_spelled_closed_up_is_no_missing_name(
    engine: Engine, question: str, listed: str
) -> None:
    # The abstracts write "ENS-10", "ResNet-50" and "Student Float": each was said to
    # be in no listed paper, with that very paper shown as the closest.
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith(listed)


def test_searching_as_the_topic_is_searched(engine: Engine) -> None:
    # Read as framing, like "trying", it left no topic: a list of unrelated papers.
    answer = engine.ask("Any papers on searching?")
    listed = engine.lookup.index.papers
    assert answer.results and "search" in listed[answer.results[0].paper.id].abstract.casefold()


def test_a_name_being_somewhere_else_is_background(engine: Engine) -> None:
    answer = engine.ask(
        "Our SlimNet is in production and slow; which papers make LLM inference faster?"
    )
    assert not any(note.startswith("No listed paper mentions") for note in answer.notes)


def test_the_owner_of_a_thing_the_list_lacks_is_still_missing(engine: Engine) -> None:
    answer = engine.ask("does any paper evaluate Zorblax's Q9 chip?")
    assert answer.abstained and answer.notes[0].startswith("No listed paper mentions “Zorblax”")


def test_an_ask_alone_unsure_of_the_paper_the_whole_question_found_shows_it_unsure(
    engine: Engine,
) -> None:
    # The ask alone abstained, so the whole question did, though the ask's closest paper
    # was the one the whole question answered with.
    answer = engine.ask(
        "Ocean modeller here. Our code is a legacy Fortran model built for CPUs. Is there "
        "a paper on porting a dynamical core to a Python DSL and running it on GPUs?"
    )
    assert not answer.abstained and UNSURE in answer.notes
    assert answer.results[0].paper.title.startswith("Productive Performance Engineering")


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Level two. A wizard shows you a scroll about probabilistic sketches of vertex sets "
         "that speed up graph mining. Examine the wizard's scroll carefully.", "ProbGraph"),
        ("Puzzle card. It describes a topology for deep learning clusters built from "
         "Hamming graphs and meshes. Flip the puzzle card over.", "HammingMesh"),
    ],
)  # fmt: skip
def test_an_ask_naming_no_topic_of_its_own_is_answered_from_the_whole_question(
    engine: Engine, question: str, first: str
) -> None:
    # The ask alone ("Flip the puzzle card over.") found nothing, so the whole question
    # abstained with its paper as the closest. No sentence asks by its form, so the
    # whole message is the ask (``retrieval.query.asking_part.asks``).
    answer = engine.ask(question)
    assert not answer.abstained and answer.results[0].paper.title.startswith(first)


@pytest.mark.parametrize(
    "question",
    [
        "I work on GPUs. I also like weather. Is there anything on protein folding?",
        "We build FPGA accelerators for LLMs. Our team uses HLS. Is there anything on "
        "protein folding?",
    ],
)
def test_a_short_ask_naming_a_topic_the_list_lacks_is_not_answered_by_its_background(
    engine: Engine, question: str
) -> None:
    # Since "is there" stopped pointing back, an ask of two words of its own was not
    # judged alone: the background's GPU, weather or FPGA papers were shown, the second
    # as a sure answer.
    answer = engine.ask(question)
    assert answer.abstained and not answer.results
    # The confidence shown is the ask's, which decided: not the whole question's
    assert answer.confidence is not None and answer.confidence < 0.5


@pytest.mark.parametrize(
    "question",
    [
        "Which paper speeds up graph mining with compact summaries of who is connected to whom?",
        "any paper that routes packets based on who is sending them?",
        "papers explaining who is to blame for noise in cloud networks",
    ],
)
def test_who_inside_the_topic_asks_for_no_counts(engine: Engine, question: str) -> None:
    # "who is" read as "who are the authors": the answer carried counts by year,
    # subject and author that nobody asked for.
    answer = engine.ask(question)
    assert not any("subjects:" in note for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Exam sheet, question 4. A compiler stack that separates the algorithm from hardware "
         "customizations like memory layout and pipelining, for composable accelerator "
         "design. Class, name the paper described on the sheet?", "Allo"),
        ("Tonight's quiz! Weights and activations both squeezed to a single bit, for machine "
         "translation, and it still translates well. Contestants, what paper is written on "
         "the board?", "Binarized Neural Machine Translation"),
    ],
)  # fmt: skip
def test_a_paper_described_before_an_ask_for_what_is_on_the_board_is_found(
    engine: Engine, question: str, first: str
) -> None:
    # "on the board" was read as the ask naming its topic, "board": searched alone it
    # found nothing, and the described paper abstained.
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith(first)


@pytest.mark.parametrize("question", ["which years does Hoefler cover?", "what does Zhang cover?"])
def test_what_an_authors_papers_cover_is_their_card_without_a_note(
    engine: Engine, question: str
) -> None:
    # The note said "None of Torsten Hoefler's papers is about “cover”".
    answer = engine.ask(question)
    assert answer.author is not None and not answer.notes


@pytest.mark.parametrize(
    ("question", "topic"),
    [("graph papers per year", "graph papers"),
     ("how are the graph papers distributed over years?", "graph papers"),
     ("which authors worked on quantization?", "quantization papers"),
     ("who are the authors of graph papers?", "graph papers"),
     ("who's working on graph papers?", "graph papers"),
     ("who published graph papers?", "graph papers")],
)  # fmt: skip
def test_counts_asked_over_a_topic_count_its_papers(
    engine: Engine, question: str, topic: str
) -> None:
    # "per year" was searched for: "graph papers per year" listed Slapo and Less is More;
    # "which authors worked on quantization?" abstained.
    plain = engine.ask(topic)
    answer = engine.ask(question)
    assert set(papers(plain)[:3]) <= set(papers(answer)) and answer.matched >= 3
    listed = [engine.lookup.index.papers[r.paper.id] for r in answer.results + answer.more]
    years = Counter(p.year for p in listed)
    assert answer.notes[0].startswith(f"{len(listed)} papers, {min(years)}–{max(years)} (")
    assert "listed authors: " in answer.notes[0]


@pytest.mark.parametrize(
    ("question", "author", "plain"),
    [("which years did Hoefler write about quantum computers?", "Torsten Hoefler",
      "which papers by Hoefler are about quantum computers?"),
     ("in which years did Zhang publish on graph learning?", "Zhiru Zhang",
      "which papers by Zhang are on graph learning?"),
     ("what subjects are Zhang's graph papers filed under?", "Zhiru Zhang",
      "which of Zhang's papers are graph papers?")],
)  # fmt: skip
def test_a_facet_asked_of_an_authors_topic_counts_its_papers(
    engine: Engine, question: str, author: str, plain: str
) -> None:
    # With an author named, "which years did" was searched with the topic: no years
    # were said, and an answer was "Not a sure match".
    answer = engine.ask(question)
    assert papers(answer) and set(papers(answer)) == set(papers(engine.ask(plain)))
    listed = [engine.lookup.index.papers[r.paper.id] for r in answer.results + answer.more]
    assert answer.notes[0].startswith(f"{len(listed)} paper")
    assert f"1 listed author: {author} {len(listed)}" in answer.notes[0]


@pytest.mark.parametrize(
    "question",
    ["Zhang seems to do only compilers. What subjects are his papers in?",
     "Hoefler's papers, split by category?"],
)  # fmt: skip
def test_a_facet_asked_of_all_an_authors_papers_gets_the_card(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert answer.author is not None and answer.author.count == 18


@pytest.mark.parametrize(
    "question",
    ["How many of Zhang's papers are in cs.LG, cs.CL and cs.CV, per category?",
     "Zhiru Zhang's cs.LG, cs.CL and cs.CV papers: the tally per category, please."],
)  # fmt: skip
def test_an_authors_papers_within_subjects_counted_by_facet_are_counted(
    engine: Engine, question: str
) -> None:
    # Within the subjects the author's card is no answer; the listing had come with "15
    # listed papers match." or no count at all, not one per category.
    answer = engine.ask(question)
    listed = [engine.lookup.index.papers[r.paper.id] for r in answer.results + answer.more]
    subjects = Counter(p.subjects[0] for p in listed)
    assert listed and all("Zhiru Zhang" in p.authors for p in listed)
    assert answer.notes[0].startswith(f"{len(listed)} papers, ")
    assert all(f"{code} {n}" in answer.notes[0] for code, n in subjects.items())


@pytest.mark.parametrize(
    "question",
    ["compare hoefler and zhang", "hoefler vs zhang", "how do hoefler and zhang differ?",
     # weighed by how much they wrote: it listed all 36 papers with no count
     "who has more papers, Hoefler or Zhang?", "did hoefler or zhang publish the most?"],
)  # fmt: skip
def test_two_authors_compared_are_counted_side_by_side(engine: Engine, question: str) -> None:
    # It listed five papers whose abstracts say "compare".
    answer = engine.ask(question)
    assert answer.matched == 36 and len(answer.notes) == 2
    assert answer.notes[0].startswith("Torsten Hoefler: 18 papers, 2022–2023 (2022: 13 · 2023: 5)")
    assert answer.notes[1].startswith("Zhiru Zhang: 18 papers, 2023–2024 (2023: 6 · 2024: 12)")
    topic = engine.ask("compare hoefler and zhang on quantization")
    assert 3 <= topic.matched < 36 and topic.notes[-1].startswith("Of these papers, ")
    assert set(papers(engine.ask("quantization papers"))[:3]) <= set(papers(topic))


def test_a_message_that_asks_nothing_is_told_how_to_ask(engine: Engine) -> None:
    # "what's the best paper?" was answered, confidently, with one arbitrary paper.
    for message in ("hello?", "hi", "what's the best paper?"):
        answer = engine.ask(message)
        assert not answer.results and not answer.closest
        assert len(answer.notes) == 1 and answer.notes[0].startswith("Ask about a topic")


def test_how_many_is_not_searched_as_a_word(engine: Engine) -> None:
    answer = engine.ask("how many papers on efficiency?")
    assert answer.notes[0] == f"{answer.matched} listed papers match."
    assert all("many" not in r.terms for r in answer.results + answer.more)
    assert engine.ask("how many papers on blockchain?").notes[0] == "No listed paper matches."
    counted = engine.ask("count the quantization papers")
    assert counted.matched > 1 and counted.notes[0] == f"{counted.matched} listed papers match."


def test_a_filter_that_matches_nothing_says_why(engine: Engine) -> None:
    unknown = engine.ask("cs.XY papers")
    assert unknown.abstained and not unknown.closest
    assert "Did you mean" in unknown.notes[0] and "cs.XY" in unknown.notes[0]
    early = engine.ask("2019 papers")
    assert early.abstained and not early.closest
    assert "2019" in early.notes[0] and "2022–2024" in early.notes[0]


def test_a_list_question_returns_every_paper_that_says_the_term(engine: Engine) -> None:
    # Five abstracts say FPGA; a cutoff at 0.7 x the best returned three.
    answer = engine.ask("papers on FPGAs")
    found = papers(answer)
    assert answer.matched == len(found) >= 5
    assert all("FPGA" in t or "fpga" in engine.searcher.index.papers[r.paper.id].abstract.casefold()
               for t, r in zip(found, answer.results + answer.more, strict=True))  # fmt: skip


def test_an_author_with_words_it_cannot_read_gets_the_card_and_says_so(engine: Engine) -> None:
    answer = engine.ask("Hoefler 最喜欢吃什么菜")  # "what food does Hoefler like best"
    assert answer.author is not None and answer.author.name == "Torsten Hoefler"
    assert answer.notes and answer.notes[0].startswith(
        "I could not understand what you asked about Torsten Hoefler: it reads as Chinese"
    )
    assert not engine.ask("Hoefler的论文").notes  # "papers": read, so no note


def test_a_question_it_cannot_read_is_answered_in_english(engine: Engine) -> None:
    answer = engine.ask("有没有我朋友上周提到的那篇有趣的论文？")
    assert answer.abstained and answer.language == "zh"
    assert "Chinese" in answer.notes[0] and "Please ask in English" in answer.notes[0]


def test_a_quote_is_never_the_code_link_unless_code_is_asked_for(engine: Engine) -> None:
    for question in ["GPTQ one-shot quantization of GPT models", "Student Float formats for LLMs"]:
        for result in engine.ask(question).results:
            assert "http" not in result.snippet.text and "github" not in result.snippet.text
    coded = engine.ask("which of these papers have code on github?")
    assert any("github" in r.snippet.text for r in coded.results)


def test_a_title_not_in_the_list_is_said_to_be_missing(engine: Engine) -> None:
    for title in ["attention is all you need", "deep residual learning for image recognition"]:
        with pytest.raises(NotFoundError, match="not in the list") as error:
            engine.paper(title)
        assert error.value.suggestions  # the closest titles, to pick from


def test_a_title_fragment_with_several_matches_offers_the_others(engine: Engine) -> None:
    detail = engine.paper("graph")
    assert "Graph" in detail.paper.title and len(detail.alternatives) >= 4
    assert detail.paper.id not in {p.id for p in detail.alternatives}
    assert engine.paper("gptq").alternatives == ()


@pytest.mark.parametrize(
    ("question", "named"),
    [("the original BERT paper", "BERT"), ("the GPT-3 paper", "GPT-3"),
     ("the DeepSpeed paper", "DeepSpeed"),
     # typed in lower case: the abstracts write these only as names
     ("the bert paper", "BERT"), ("the deepspeed paper", "DeepSpeed"),
     ("the megatron paper", "Megatron"), ("the gpt-3 paper", "GPT-3"),
     # a word no abstract has, rare in English: a name as typed
     ("the alexnet paper?", "alexnet"), ("do you have the word2vec paper?", "word2vec"),
     # opening the question, and before the kind of thing it names: Slapo had answered
     ("Megatron-LM paper", "Megatron-LM"), ("the Megatron-LM framework paper", "Megatron-LM"),
     # a version after a space; the abstract writes it squashed ("LLaMA2-7B")
     ("do you have the Llama 2 paper", "Llama 2"), ("the GPT 3 paper", "GPT 3"),
     # the topic after "paper on": the one abstract naming it is still not it
     ("the DeepSpeed paper on memory savings", "DeepSpeed"),
     ("summarize the Megatron-LM paper about tensor parallelism", "Megatron-LM"),
     # short capitals typed apart from the word the abstract writes them with
     ("the Megatron LM paper", "Megatron LM"), ("who introduced Megatron LM?", "Megatron LM"),
     ("the CP SAT paper", "CP SAT"),
     ("the megatron lm paper", "Megatron LM"),  # in lower case: Slapo had answered, sure
     # in lower case, with or without its version: the abstract mentioning it had been
     # the answer, sure
     ("the llama 2 paper", "llama 2"), ("the llama paper", "llama"),
     ("the gpt 4 paper", "GPT 4"),
     # a name, then a word typed in lower case: the name is both ("pretraining" alone had
     # been said to be missing)
     ("the BERT pretraining paper", "BERT pretraining"),
     # the kind of thing named between the origin verb and the name: the paper that
     # benchmarks BERT had been the answer, sure
     ("which paper proposes a method named BERT?", "BERT"),
     ("who introduced a model called GPT-3?", "GPT-3"),
     # a version word after a name in lower case: the note had named “v2”
     ("the mobilenet v2 paper", "mobilenet v2"),
     # written squashed ("LLaMA2"), and the topic after "paper on"
     ("the Llama 2 paper on fine-tuning", "Llama 2")],
)  # fmt: skip
def test_a_paper_asked_for_by_a_name_no_listed_paper_has_is_not_in_the_list(
    engine: Engine, question: str, named: str
) -> None:
    # BERT, GPT and DeepSpeed appear in abstracts, only in passing: those papers are the
    # closest, not the paper asked for.
    answer = engine.ask(question)
    assert answer.abstained and not papers(answer) and len(answer.closest) == 3
    assert answer.notes == (f"No listed paper is the “{named}” paper.",)


@pytest.mark.parametrize(
    ("question", "first"),
    [("the graph-transformer-that-runs-in-linear-time-on-big-graphs paper?", "Polynormer"),
     ("where's that GPT-weights-squeezed-to-three-or-four-bits-in-one-shot paper", "GPTQ"),
     # in lower case, its first word a name the corpus writes ("Bloom")
     ("the bloom-filter-graph-mining paper", "ProbGraph")],
)  # fmt: skip
def test_a_paper_described_in_one_hyphenated_word_is_searched(
    engine: Engine, question: str, first: str
) -> None:
    # the description had been read as the paper's name: "No listed paper is the “...”
    # paper", and the right one only among the closest
    answer = engine.ask(question)
    assert papers(answer)[0].startswith(first) and not answer.notes


@pytest.mark.parametrize(
    "question",
    ["the NeurIPS paper on GPT weight quantization",
     "that Acme Labs paper about quantizing GPT models",
     "the GPTQ paper on one-shot weight quantization"],
)  # fmt: skip
def test_a_name_before_paper_on_a_topic_no_abstract_mentions_still_finds_the_topic(
    engine: Engine, question: str
) -> None:
    # A venue or a lab no abstract mentions says where a paper is from; a listed
    # paper's own name says which: neither is "No listed paper is the ... paper".
    answer = engine.ask(question)
    shown = papers(answer) or [r.paper.title for r in answer.closest]
    assert shown[0].startswith("GPTQ")
    assert not any("No listed paper is the" in note for note in answer.notes)


def test_short_capitals_after_a_name_the_list_lacks_stay_a_topic(engine: Engine) -> None:
    # "Hoefler GNN" is no phrase any abstract writes: "GNN" is a topic of his papers
    answer = engine.ask("the Hoefler GNN paper")
    assert papers(answer)[0] == "Neural Graph Databases"
    assert not any("No listed paper" in note for note in answer.notes)


def test_an_abbreviation_of_chat_is_no_name_the_list_lacks(engine: Engine) -> None:
    # "SOTA" had been a name no listed paper mentions: the answer abstained.
    answer = engine.ask("which SOTA paper quantizes GPT models in one shot?")
    assert not answer.abstained and papers(answer)[0].startswith("GPTQ")
    assert not any("No listed paper mentions" in note for note in answer.notes)


def test_a_name_given_with_another_spelling_asks_for_the_paper_either_names(
    engine: Engine,
) -> None:
    # "RadialNet" names no paper; "Radial", typed as the other spelling, is a title's.
    answer = engine.ask("the Radial / RadialNet paper that skips layers")
    assert papers(answer)[0].startswith("Radial Networks")
    assert not any("No listed paper is the" in note for note in answer.notes)
    neither = engine.ask("the BERT or RoBERTa paper")
    assert neither.abstained and neither.notes == ("No listed paper is the “RoBERTa” paper.",)


@pytest.mark.parametrize(
    "question", ["the Radial Nets paper", "what did that Radial Nets work find?"]
)
def test_a_title_with_a_word_cut_short_asks_for_that_paper(engine: Engine, question: str) -> None:
    # "Nets" for "Networks": it said "No listed paper is the “Radial Nets” paper."
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith("Radial Networks")
    fake = engine.ask("the Radial Sprockets paper")  # a word no title word starts with
    assert fake.abstained and "No listed paper" in fake.notes[0]


@pytest.mark.parametrize(
    ("question", "first"),
    [("the GPTQ paper", "GPTQ"),  # its title's name
     ("the ENS-10 dataset paper", "ENS-10"),  # ... before the kind of thing it names
     ("the QFX paper", "Trainable Fixed-Point"),  # "This work presents QFX"
     ("the HOGA paper", "Less is More"),  # "we propose HOGA"
     ("the FPGA paper", "Python FPGA"),  # a word of several papers: a topic
     ("the BNN paper", "Comprehensive Benchmarking"),  # short capitals: an abbreviation
     ("the Hamming Mesh paper", "HammingMesh"), ("the Poly-normer paper", "Polynormer"),
     ("the Student Float paper", "Learning from Students"),  # "Student Float (SF4)"
     # in lower case: a listed paper's name, a topic the abstracts write in lower case
     ("the gptq paper", "GPTQ"), ("the dace paper", "Python FPGA"),
     ("the quantization paper", "GPTQ"), ("the hyperdimensional paper", "Understanding Hyper"),
     # words that are each a topic of several papers: "the FPGA LLM paper"
     ("the FPGA LLM paper", "Understanding the Potential"),
     # keywords that end in "paper": no name is pointed at ("Clique Counting" is a name)
     ("bloom filters graph mining clique counting paper?", "ProbGraph"),
     # a word cut short ("quant" for "quantization"): a topic, not a name no paper has
     ("the fpga quant paper where the binary point position is learned in training?",
      "Trainable Fixed-Point")],
)  # fmt: skip
def test_a_paper_asked_for_by_its_name_or_a_topic_word_is_answered(
    engine: Engine, question: str, first: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith(first) and not answer.notes


def test_a_paper_asked_for_by_a_term_its_abstract_defines_comes_first(engine: Engine) -> None:
    # "accelerator design languages (ADLs)": the one paper that defines the term is shown
    # first. A one-word ask of a three-letter abbreviation is below the answer model's
    # line (P 0.33) since it was fitted on every eval set, so it comes as the closest.
    answer = engine.ask("the ADL paper")
    shown = answer.closest if answer.abstained else answer.results
    assert shown[0].paper.title.startswith("Allo")


@pytest.mark.parametrize(
    ("question", "spelled"),
    [("multipumping on FPGAs", "multi-pumping on FPGAs"),
     ("fixedpoint quantization", "fixed-point quantization"),
     ("oneshot quantization", "one-shot quantization"),
     ("hyper-dimensional computing", "hyperdimensional computing")],
)  # fmt: skip
def test_a_compound_written_closed_up_finds_what_the_hyphenated_one_does(
    engine: Engine, question: str, spelled: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer) == papers(engine.ask(spelled))


@pytest.mark.parametrize(
    ("question", "closed_up"),
    [("the FV 3 paper", "the FV3 paper"), ("the LPG2 vec paper", "the LPG2vec paper"),
     ("the SF 4 paper", "the SF4 paper")],
)  # fmt: skip
def test_a_name_typed_apart_from_its_number_finds_the_paper_the_name_does(
    engine: Engine, question: str, closed_up: str
) -> None:
    # "LPG2 vec" had said that no listed paper mentions "LPG2"; "FV 3" had abstained
    answer = engine.ask(question)
    assert not answer.abstained and not answer.notes
    assert papers(answer)[0] == papers(engine.ask(closed_up))[0]


def test_an_opening_at_sign_before_an_authors_name_asks_about_the_author(engine: Engine) -> None:
    answer = engine.ask("@Hoefler FPGAs")
    assert answer.filters.author == "Torsten Hoefler"
    assert papers(answer) == papers(engine.ask("Hoefler FPGAs"))


@pytest.mark.parametrize("handle", ["@ZhiruZhang", "@zhiruzhang", "ZhiruZhang"])
def test_a_name_written_as_one_word_like_a_handle_asks_about_the_author(
    engine: Engine, handle: str
) -> None:
    answer = engine.ask(f"{handle} how many papers and in which subjects?")
    assert answer.author is not None and answer.author.name == "Zhiru Zhang"
    assert papers(engine.ask(f"{handle} FPGAs")) == papers(engine.ask("Zhiru Zhang FPGAs"))


@pytest.mark.parametrize("message", ["thanks", "thank you!", "great, thanks a lot 🙏"])
def test_a_thank_you_is_answered_without_a_paper(engine: Engine, message: str) -> None:
    # One abstract says "thanks to vectorizability": thanks alone is no question about it.
    answer = engine.ask(message)
    assert not papers(answer) and not answer.closest
    assert answer.notes == ("You're welcome! Ask about the papers any time.",)
    assert papers(engine.ask("thanks! which papers use FPGAs?"))  # a question after thanks
    after = engine.ask("is this one about FPGAs? thanks")
    assert papers(after) and not any(note.startswith("You're welcome") for note in after.notes)


def test_search_operators_leave_out_and_look_in_titles(engine: Engine) -> None:
    worded = engine.ask("Hoefler's papers that are not about quantum computing")
    typed = engine.ask('Hoefler\'s papers -"quantum computing"')
    assert papers(typed) == papers(worded) and typed.notes == worded.notes
    by_one = engine.ask("papers by Hoefler and Zhang -Zhang")  # a listed author: not by
    assert by_one.matched == 18 and all(
        "Torsten Hoefler" in r.paper.authors for r in by_one.results
    )
    german = engine.ask("Papiere über Quantisierung -Transformer")  # still read as German
    assert german.notes[0].startswith("Left out") and papers(german)
    not_2024 = engine.ask("Zhang papers -2024")
    assert not_2024.matched and all(r.paper.year != 2024 for r in not_2024.results)
    in_titles = engine.ask("intitle:graph")
    assert papers(in_titles) and all("graph" in t.casefold() for t in papers(in_titles))
    assert papers(in_titles) == papers(engine.ask("papers with graph in the title"))


@pytest.mark.parametrize(
    "question",
    ["quantization papers which are not about LLMs", "quantization papers, but no LLM ones"],
)
def test_an_acronym_left_out_leaves_out_papers_on_its_long_form(
    engine: Engine, question: str
) -> None:
    # GPTQ quantizes generative pre-trained transformers, large language models, and
    # never writes "LLM": it stayed, with a note that no paper was about LLMs
    answer = engine.ask(question)
    found = {t.split(":")[0] for t in papers(answer)}
    assert "GPTQ" not in found and "FLIQS" in found
    assert answer.notes[0].startswith("Left out")


def test_a_second_topic_whose_papers_are_left_out_already_adds_no_note(engine: Engine) -> None:
    # The graph transformer is a GNN paper too: the reply said no paper here was found
    # to be about graph transformers, right under the note that had left it out.
    answer = engine.ask("graph papers not about GNNs or graph transformers")
    assert not any("Polynormer" in t for t in papers(answer))
    assert answer.notes[0].startswith("Left out") and len(answer.notes) == 1


def test_a_topic_to_leave_out_is_left_out_and_the_reply_says_how_many(engine: Engine) -> None:
    everything = papers(engine.ask("Hoefler's papers"))
    quantum = papers(engine.ask("Hoefler on quantum computing"))
    answer = engine.ask("Hoefler's papers that are not about quantum computing")
    assert quantum and papers(answer) == [t for t in everything if t not in quantum]
    assert answer.notes == (f"Left out {len(quantum)} papers about “quantum computing”.",)
    # A venue no listed paper mentions: said so, and the topic's papers are the closest.
    venue = engine.ask("the NeurIPS paper on quantization")
    assert venue.abstained and venue.notes[0].startswith("No listed paper mentions “NeurIPS”")
    assert any(r.paper.title.startswith("GPTQ") for r in venue.closest)
    contracted = engine.ask("Hoefler's papers that aren't about quantum computing")
    assert papers(contracted) == papers(answer) and contracted.notes == answer.notes
    fpga = engine.ask("which Zhang papers are not about FPGAs")
    assert fpga.notes[-1].startswith("Left out") and "“FPGAs”" in fpga.notes[-1]
    assert all("FPGA" not in t for t in papers(fpga))
    # "without" names a topic, and so does "does not use": nothing is left out.
    kept = engine.ask("quantization without retraining").notes
    assert not any(note.startswith("Left out") for note in kept)
    assert "FLIQS" in " ".join(
        papers(engine.ask("which quantization papers do not use retraining?"))
    )
    apart = engine.ask("Apart from GPTQ, what quantization papers are there?")  # to the comma
    # a listed paper's own name: that paper is set aside (``test_known_papers``)
    assert apart.notes == (SET_ASIDE.format("GPTQ"),) and papers(apart)
    assert not any(t.startswith("GPTQ") for t in papers(apart))
    nothing = engine.ask("quantization papers not about quantization")
    assert nothing.abstained and not papers(nothing) and nothing.closest


def test_a_user_story_asks_for_its_papers_not_its_role_or_purpose(engine: Engine) -> None:
    # "PhD student" and "cite" are in no abstract: it abstained
    answer = engine.ask(
        "As a PhD student I need all listed papers on interconnect topologies for training "
        "clusters so that I can cite them."
    )
    assert not answer.abstained and papers(answer)[0].startswith("HammingMesh")


def test_a_topic_left_out_narrows_what_the_ask_asks_not_the_background(
    engine: Engine,
) -> None:
    # The background says "schedule language" too: the topic left out no longer
    # narrowed the ask's "scheduling", every scheduling paper went, and it abstained.
    answer = engine.ask(
        "Slapo is a schedule language, which my advisor does not count as scheduling. "
        "Show me the scheduling papers, minus the schedule language ones."
    )
    assert answer.notes[0] == "Left out 1 paper about “schedule language”."
    assert {t.split()[0] for t in papers(answer)[:2]} == {"Differentiable", "Towards"}


def test_what_is_left_after_the_best_papers_go_is_not_a_sure_answer(engine: Engine) -> None:
    # Both quantum papers are Hoefler's: what the search kept besides them merely says
    # "quantum" ("time quantum"), and is not shown as a sure answer.
    answer = engine.ask("any quantum computing papers not by Hoefler?")
    assert answer.notes[0] == "Left out 2 papers by Torsten Hoefler."
    assert answer.abstained or UNSURE in answer.notes
    assert not any("Torsten Hoefler" in r.paper.authors for r in answer.results)
    # Leaving out papers the search was less sure of keeps its answer as sure as it was.
    graphs = engine.ask("graph papers not by Zhang")
    assert papers(graphs) and UNSURE not in graphs.notes


def test_a_paper_set_aside_by_not_leaves_the_answer_and_only_it(engine: Engine) -> None:
    compilers = papers(engine.ask("Which papers are about compilers?"))
    python = [t for t in compilers if "Python" in t]
    answer = engine.ask("Which papers are about compilers? Not the Python one.")
    assert len(python) == 1 and papers(answer) == [t for t in compilers if t not in python]
    assert answer.notes == ("Left out 1 paper matching “Python”.",)
    # a paper the answer does not hold is not there to leave out: no note
    assert not engine.ask("Which papers are about compilers? Not the weather one.").notes


def test_not_before_a_part_of_the_paper_asked_about_keeps_the_paper(engine: Engine) -> None:
    answer = engine.ask("Tell me about ENS-10. Not the dataset details, the benchmark results.")
    assert papers(answer)[0].startswith("ENS-10") and not answer.notes


def test_an_unsure_answer_stays_unsure_when_its_best_paper_is_left_out(engine: Engine) -> None:
    question = "is there a paper on climate impacts of computing?"
    alone = engine.ask(question)
    assert UNSURE in alone.notes and papers(alone)
    first = papers(alone)[0]
    without = engine.ask(f"{question} Not the {' '.join(first.split()[:2])} one.")
    assert first not in papers(without) and UNSURE in without.notes


@pytest.mark.parametrize(
    "question",
    ["anything but quantization", "everything but the quantization papers",
     "I want everything except quantization papers"],
)  # fmt: skip
def test_everything_but_a_topic_lists_the_other_papers(engine: Engine, question: str) -> None:
    # "anything but quantization" listed exactly the 5 quantization papers; "I want
    # everything except ..." searched for "want" and listed one paper.
    left_out = engine.ask("papers not about quantization")
    answer = engine.ask(question)
    assert papers(answer) == papers(left_out) and answer.notes == left_out.notes
    assert answer.notes[0].startswith("Left out") and answer.matched == left_out.matched


@pytest.mark.parametrize(
    ("question", "year", "subject"),
    [("all 2024 papers categorized as cs.LG", 2024, "cs.LG"),
     ("which cs.LG papers are from 2023 (either author)?", 2023, "cs.LG")],
)  # fmt: skip
def test_a_filter_question_in_other_words_lists_what_matches(
    engine: Engine, question: str, year: int, subject: str
) -> None:
    # "categorized" and "either author" say how to list, not what about: no topic search.
    listed = engine.lookup.index.papers.values()
    wanted = sorted(p.title for p in listed if p.year == year and subject in p.subjects)
    answer = engine.ask(question)
    assert sorted(papers(answer)) == wanted and not answer.notes


def test_an_acronym_the_question_defines_and_no_abstract_uses_does_not_abstain(
    engine: Engine,
) -> None:
    # No abstract says "IR"; they say "intermediate representation" / "language".
    answer = engine.ask("compiler intermediate representation IR")
    assert not answer.abstained
    assert papers(answer)[:2] == papers(engine.ask("compiler intermediate representation"))[:2]


def test_a_contraction_is_no_topic_word(engine: Engine) -> None:
    answer = engine.ask("wasn't there a hoefler paper on drones? cant find it")
    assert answer.author is not None
    assert answer.notes == (
        "None of Torsten Hoefler's papers is about “drones”; here is the summary.",
    )


@pytest.mark.parametrize(
    "question",
    ["Y a-t-il un article sur le routage adaptatif dans les topologies Dragonfly ?",
     "Gibt es ein Paper über Federated Learning mit Differential Privacy?"],
)  # fmt: skip
def test_a_foreign_question_about_a_topic_no_abstract_has_is_not_in_the_list(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert answer.abstained and not papers(answer) and answer.closest


@pytest.mark.parametrize(
    "question",
    ["anything related to weather or climate?",
     # "involving" became the key term, and one paper was listed
     "Anything involving weather or climate, even just as a case study?",
     "anything touching upon weather or climate?", "which papers deal with weather or climate?",
     # "targets" is the UniSparse abstract's word ("hardware targets"): it came first
     "which papers target weather or climate?"],
)  # fmt: skip
def test_a_verb_that_frames_a_list_finds_what_papers_on_the_topic_find(
    engine: Engine, question: str
) -> None:
    # The verb says only that the list is about something; as a search word it
    # outweighed "weather", which is more common in English.
    answer = engine.ask(question)
    listed = [engine.searcher.index.papers[r.paper.id] for r in answer.results + answer.more]
    # Three papers are about either; the third is near the cutoff of a long question.
    assert len(listed) >= 2
    assert all(re.search("weather|climate", f"{p.title} {p.abstract}", re.I) for p in listed)


@pytest.mark.parametrize(
    ("question", "named"),
    [("QFX vs FLIQS: how do they pick the precision of each layer?",
      {"FLIQS", "Trainable Fixed-Point"}),  # QFX is what that abstract presents
     ("ProbGraph vs Neural Graph Databases, what's the difference?",
      {"ProbGraph", "Neural Graph Databases"}),
     ("how do HOGA and Polynormer differ in the way they use attention?",
      {"Less is More", "Polynormer"}),
     # by words of their titles ("DaCe" is in no title)
     ("compare the DaCe Python FPGA programming paper, Allo, and the temporal vectorization "
      "/ multi-pumping paper in terms of how they help people build hardware designs",
      {"Python FPGA", "Allo", "Temporal Vectorization"}),
     ("how does the spatial computer paper differ from the I/O-efficient sparse inference one?",
      {"The spatial computer", "A Theory of I/O-Efficient"})],
)  # fmt: skip
def test_a_comparison_answers_with_the_papers_it_names(
    engine: Engine, question: str, named: set[str]
) -> None:
    answer = engine.ask(question)
    assert answer.matched == len(named) == len(papers(answer))
    assert all(any(title.startswith(n) for n in named) for title in papers(answer))


@pytest.mark.parametrize("question", ["tell me about Allo, Slapo and GPTQ", "sage, allo and slapo"])
def test_papers_named_with_nothing_else_asked_are_a_sure_answer(
    engine: Engine, question: str
) -> None:
    # Three papers named, no other word: they were shown under "Not a sure match".
    answer = engine.ask(question)
    assert len(papers(answer)) == 3 and UNSURE not in answer.notes
    # one word besides the names that they do not write keeps it unsure
    assert UNSURE in engine.ask("Allo, Slapo and GPTQ on weather?").notes


def test_a_common_word_is_a_name_in_lower_case_only_beside_another_name(engine: Engine) -> None:
    titles = engine.router.searcher.titles
    assert engine.paper("GARNET").paper.id in titles.named_in("allo vs garnet")
    for joined in ["compare sage to gptq", "vergleiche sage und allo", "compara garnet y sagman"]:
        assert len(titles.named_in(joined)) == 2, joined
    assert titles.named_in("is a garnet nicer than sagman") == titles.named_in("sagman")
    assert titles.named_in("papers on sage advice") == frozenset()


@pytest.mark.parametrize(
    "question",
    ["which is newer, Slapo or Allo?", "`allo` vs `slapo`?",
     "GPTQ or FLIQS: which one quantizes to 3 bits?",
     # "garnet" is an English word: in lower case, a name when joined to another name
     "compare garnet and sagman",
     # named by an abstract's name, or by a title's words before "paper"
     "how does FLIQS differ from QFX?", "Compare Allo with the temporal vectorization paper"],
)  # fmt: skip
def test_papers_weighed_by_their_names_are_a_sure_answer(engine: Engine, question: str) -> None:
    # The answer was those two papers, under "Not a sure match": none may be about exactly
    # this. Papers named for another ask stay unsure of it.
    answer = engine.ask(question)
    assert len(papers(answer)) == 2 and UNSURE not in answer.notes
    for other in ["I read GPTQ and FLIQS. Which papers do they cite?",
                  "GPTQ vs FLIQS on protein folding?"]:  # fmt: skip
        answer = engine.ask(other)
        assert UNSURE in answer.notes or answer.abstained, other


@pytest.mark.parametrize(
    ("question", "word", "note"),
    [("which papers have graph in the title?", "graph",
      "Papers whose title has “graph”."),
     ("zhang papers with LLMs / large language models right in the title?", "language model",
      "Papers whose title has “LLMs” or “large language models”."),
     ("lol which titles start with 'Understanding'", "understanding",
      "Papers whose title starts with “Understanding”."),
     # a part of a closed-up name, which is no stem: "No listed title has “mesh”."
     ("titles containing mesh", "mesh", "Papers whose title has “mesh”."),
     # the second quoted word was dropped
     ('which titles contain "Graph" or "Mesh"?', "graph", "Papers whose title has “Graph” or "
      "“Mesh”."),
     # the verb of looking for was searched within the titles: an aside note, or nothing
     ("Looking for papers with graph in their titles", "graph", "Papers whose title has “graph”."),
     ("Seeking papers whose titles mention graph", "graph", "Papers whose title has “graph”."),
     ("need papers whose title has graph", "graph", "Papers whose title has “graph”."),
     # thanks after the ask: it abstained (only a title ask ending the message was read)
     ("Which titles contain Graph? Thanks a lot!", "graph", "Papers whose title has “Graph”."),
     # "the word X" after any verb, or before "in any title"; an aside after "titles"; a
     # name's other name in parentheses: each was searched as a topic, or no title had it
     ("every paper whose title carries the word Graph", "graph",
      "Papers whose title has “Graph”."),
     ("is the word Graph in any title?", "graph", "Papers whose title has “Graph”."),
     ("Which titles (any year) contain Mesh?", "mesh", "Papers whose title has “Mesh”."),
     ("titles containing LLM (large language model)", "language model",
      "Papers whose title has “LLM” or “large language model”."),
     # a pointer for the word named before it: "No listed title has “it”"
     ("Graph: which titles contain it?", "graph", "Papers whose title has “Graph”."),
     ("titles featuring the term Mesh", "mesh", "Papers whose title has “Mesh”.")],
)  # fmt: skip
def test_a_question_about_title_words_lists_the_papers_whose_titles_have_them(
    engine: Engine, question: str, word: str, note: str
) -> None:
    listed = engine.lookup.index.papers.values()
    answer = engine.ask(question)
    titles = papers(answer)
    assert titles and answer.notes == (note,) and answer.matched == len(titles)
    # "graph" is in "ProbGraph" too; every listed title with the word is there
    assert all(word in t.casefold() or "llm" in t.casefold() or "mesh" in t.casefold()
               for t in titles)  # fmt: skip
    if word == "graph":
        asked = ("graph", "mesh") if "Mesh" in question else ("graph",)
        assert len(titles) == sum(any(a in p.title.casefold() for a in asked) for p in listed)


def test_a_count_of_titles_without_a_word_or_mark_counts_the_others(engine: Engine) -> None:
    # "No listed title has “no colon”"; "don't contain graph" listed one graph paper
    titles = [p.title for p in engine.searcher.index.papers.values()]
    colonless = engine.ask("how many titles don't contain a colon?")
    assert colonless.matched == sum(":" not in t for t in titles) > 0
    assert colonless.notes[-1] == "Papers whose title lacks “a colon”."
    graphless = engine.ask("which titles have no graph?")
    assert set(papers(graphless)) == {t for t in titles if "graph" not in t.casefold()}


@pytest.mark.parametrize(
    ("question", "mark"),
    [("how many titles contain a colon?", ":"), ("which titles have a hyphen?", "-"),
     ("How many titles have a number in them?", "0123456789")],
)  # fmt: skip
def test_a_count_of_titles_with_a_mark_counts_those_that_write_it(
    engine: Engine, question: str, mark: str
) -> None:
    # "No listed title has “a colon”": the mark's name was looked for as a word
    titles = [p.title for p in engine.searcher.index.papers.values()]
    count = sum(any(c in t for c in mark) for t in titles)
    answer = engine.ask(question)
    assert 0 < answer.matched == count and set(papers(answer)) <= set(titles)
    assert all(any(c in t for c in mark) for t in papers(answer))


def test_an_aside_in_parentheses_after_title_words_is_no_part_of_them(engine: Engine) -> None:
    # "No listed title has “Mesh (as a word” or “inside a longer one”"
    answer = engine.ask("Which titles contain Mesh (as a word or inside a longer one)?")
    assert papers(answer) == papers(engine.ask("which titles contain Mesh?")) != []
    # a remark on how to match them names words some titles hold: they had narrowed the
    # count to those titles ("ProbGraph counts" kept ProbGraph alone)
    remark = engine.ask("how many titles contain the word 'graph' (any case: ProbGraph counts)?")
    assert papers(remark) == papers(engine.ask("which titles contain graph?"))
    assert remark.matched == len(papers(remark)) > 1
    # in parentheses after "titles", a year still narrows them
    dated = engine.ask("Which titles (from 2023) contain Graph?")
    listed = engine.lookup.index.papers.values()
    wanted = {p.title for p in listed if p.year == 2023 and "graph" in p.title.casefold()}
    assert wanted and set(papers(dated)) == wanted


@pytest.mark.parametrize(
    ("question", "plain"),
    [("Sorting rule: every card with 'Graph' in the paper title goes in tray B. Which go there?",
      "which titles contain Graph?"),
     # words rare in English, held by no paper: still an aside to a title ask
     ("Yo-ho, list each paper whose title bears 'Mesh', and leave none in the galley",
      "which titles contain Mesh?"),
     # words some of those papers hold, of a topic the search answers nothing for
     ("Which papers, asked in parallel with three other chores, have the word Spatial in "
      "their titles?", "which titles contain Spatial?"),
     ("Which papers have Spatial in the title, asked purely out of parallel-universe "
      "curiosity?", "which titles contain Spatial?"),
     ("quantum papers with Learning in the title", None)],  # a topic: none of them
)  # fmt: skip
def test_words_no_paper_with_the_title_words_holds_are_an_aside(
    engine: Engine, question: str, plain: str | None
) -> None:
    # The shelf's words were searched within the titles asked for: "No listed title has".
    answer = engine.ask(question)
    if plain is None:
        assert answer.abstained and answer.notes[0].startswith("No listed title has")
        return
    assert papers(answer) == papers(engine.ask(plain)) and papers(answer)
    assert answer.notes[0].startswith("Nothing listed is about")


@pytest.mark.parametrize(
    ("question", "word"),
    [("blockchain papers with Graph in the title", "graph"),
     ("robotics papers with the word Learning in the title", "learning")],
)  # fmt: skip
def test_a_topic_the_list_lacks_leaves_the_titles_with_the_word_as_the_closest(
    engine: Engine, question: str, word: str
) -> None:
    # They had been listed as a sure answer, the topic read as an aside.
    answer = engine.ask(question)
    assert answer.abstained and answer.notes[0].startswith("Nothing listed is about")
    assert answer.closest and all(word in r.paper.title.casefold() for r in answer.closest)


@pytest.mark.parametrize(
    ("question", "edge"),
    [("titles starting with S", lambda t: t.startswith("S")),
     ("titles starting with SA", lambda t: t.startswith("SA")),
     ("which titles end with Networks?", lambda t: t.endswith("Networks")),
     ("papers whose title starts with Efficient", lambda t: t.startswith("Efficient")),
     ("which paper titles start with the letter S?", lambda t: t.startswith("S")),
     ("titles beginning with P", lambda t: t.startswith("P"))],
)  # fmt: skip
def test_a_title_start_or_end_lists_every_title_there(
    engine: Engine, question: str, edge: Callable[[str], bool]
) -> None:
    # "titles starting with S" said "No listed title starts with “S”".
    wanted = sorted(p.title for p in engine.lookup.index.papers.values() if edge(p.title))
    answer = engine.ask(question)
    assert wanted and sorted(papers(answer)) == wanted and answer.notes[0].startswith("Papers")


def test_title_words_no_title_has_say_so(engine: Engine) -> None:
    answer = engine.ask("titles that mention drones")
    assert not papers(answer) and answer.notes == ("No listed title has “drones”.",)


def test_a_word_labelling_a_written_subject_code_is_no_topic(engine: Engine) -> None:
    # "networking (cs.NI) or security (cs.CR)": the words name the codes beside them.
    listed = engine.lookup.index.papers.values()
    wanted = sorted(p.title for p in listed if {"cs.NI", "cs.CR"} & set(p.subjects))
    answer = engine.ask("got anything in networking (cs.NI) or security (cs.CR)?")
    assert sorted(papers(answer)) == wanted


@pytest.mark.parametrize(
    "question",
    ["Quels articles de 2023 sont classés en cs.LG ?",
     "¿Qué artículos de 2023 están clasificados en cs.LG?"],
)  # fmt: skip
def test_a_foreign_filter_question_lists_what_matches(engine: Engine, question: str) -> None:
    listed = engine.lookup.index.papers.values()
    wanted = sorted(p.title for p in listed if p.year == 2023 and "cs.LG" in p.subjects)
    assert sorted(papers(engine.ask(question))) == wanted


@pytest.mark.parametrize(
    ("question", "expected"),
    [("titles that mention quantization from 2024",
      lambda p: "quantization" in p.title.casefold() and p.year == 2024),
     ("titles that mention graph by Zhang",
      lambda p: "graph" in p.title.casefold() and "Zhiru Zhang" in p.authors),
     ("papers with titles starting with Understanding",
      lambda p: p.title.startswith("Understanding"))],
)  # fmt: skip
def test_title_words_combine_with_the_filters_written_after_them(
    engine: Engine, question: str, expected: Callable[[Paper], bool]
) -> None:
    listed = engine.lookup.index.papers.values()
    assert sorted(papers(engine.ask(question))) == sorted(p.title for p in listed if expected(p))


def test_title_words_with_a_topic_keep_the_papers_on_it(engine: Engine) -> None:
    answer = engine.ask("papers dealing with quantization that have FPGA in the title")
    assert papers(answer) == ["Trainable Fixed-Point Quantization for Deep Learning "
                              "Acceleration on FPGAs"]  # fmt: skip
    other = engine.ask("papers by Wei Zhang with graph in the title")  # no listed author
    assert not papers(other) and other.notes == ("No listed author is named “Wei Zhang”.",)


@pytest.mark.parametrize(
    ("question", "left_out"),
    [("everything but cs.LG and cs.DC", {"cs.LG", "cs.DC"}),
     ("everything but machine learning papers", {"cs.LG"}),
     ("tous les articles sauf ceux de cs.LG", {"cs.LG"}),
     ("alle Papers außer cs.LG", {"cs.LG"})],
)  # fmt: skip
def test_everything_but_some_subjects_lists_the_rest(
    engine: Engine, question: str, left_out: set[str]
) -> None:
    listed = engine.lookup.index.papers.values()
    rest = sorted(p.title for p in listed if not left_out & set(p.subjects))
    answer = engine.ask(question)
    assert sorted(papers(answer)) == rest and answer.filters.subject is None


def test_years_left_out_together_leave_the_other_years(engine: Engine) -> None:
    answer = engine.ask("papers except those from 2022 and 2023")
    assert {r.paper.year for r in answer.results + answer.more} == {2024}


def test_a_comparison_keeps_to_the_years_asked(engine: Engine) -> None:
    answer = engine.ask("GPTQ vs FLIQS from 2022")  # neither is from 2022
    assert answer.notes and answer.notes[0].startswith("No listed paper from 2022")
    both = engine.ask("GPTQ vs FLIQS from 2023 or 2024")
    assert sorted(papers(both))[0].startswith("FLIQS") and len(papers(both)) == 2
    # Within 2022 a paper on neither was found, unsurely: the papers named are elsewhere.
    named = engine.ask("which 2022 papers compare GPTQ and FLIQS?")
    assert named.notes[0].startswith("No listed paper from 2022")
    assert sorted(t.split(":")[0] for t in papers(named)) == ["FLIQS", "GPTQ"]


def test_an_acronym_whose_long_form_no_abstract_says_is_what_the_list_lacks(
    engine: Engine,
) -> None:
    # "message passing" is in GNN abstracts; the Message Passing Interface is in none.
    assert engine.ask("message passing interface (MPI)").abstained


@pytest.mark.parametrize(
    ("question", "plain"),
    [("give me titles of graph papers", "give me graph papers"),
     ("just the titles of FPGA papers please", "FPGA papers please"),
     ("show me titles about weather", "show me papers about weather")],
)  # fmt: skip
def test_asking_for_titles_finds_what_asking_for_papers_finds(
    engine: Engine, question: str, plain: str
) -> None:
    # "titles" is how the answer is wanted, no search word: the same papers come back
    # (the embedded wording differs, so the order and the last one may)
    asked, wanted = engine.ask(question), engine.ask(plain)
    assert set(papers(wanted)[:3]) <= set(papers(asked))
    assert abs(asked.matched - wanted.matched) <= 1


def test_a_topic_ending_in_a_word_of_a_written_subject_stays_a_topic(engine: Engine) -> None:
    # "learning" is in "Machine Learning (cs.LG)", but "reinforcement learning" is a topic.
    answer = engine.ask("reinforcement learning (cs.LG)")
    assert answer.filters.subject == "cs.LG" and answer.abstained


def test_a_code_to_leave_out_that_names_no_subject_says_so(engine: Engine) -> None:
    answer = engine.ask("everything but cs.XY")
    assert any(note.startswith("“cs.XY” is not a subject") for note in answer.notes)


def test_differentiable_is_no_comparison(engine: Engine) -> None:
    # "differentiable" is no "differ": the search's papers, not only the two named
    answer = engine.ask("differentiable quantization search like FLIQS or GPTQ")
    assert answer.matched == len(papers(answer)) > 2


def test_a_name_with_a_describing_suffix_is_no_paper_asked_for(engine: Engine) -> None:
    answer = engine.ask("is there a deepspeed-based paper")
    assert not any("No listed paper is the" in note for note in answer.notes)
    later = engine.ask("which paper is the gpt-3 paper")  # the second word before "paper"
    assert later.notes == ("No listed paper is the “GPT-3” paper.",)


def test_a_german_list_question_finds_what_the_english_one_does(engine: Engine) -> None:
    # German capitalizes every noun ("Routing"): no name the list lacks; "bzw." is "or".
    german = engine.ask(
        "Welche Arbeiten verwenden Mixture-of-Experts oder ein gelerntes Routing von "
        "Eingaben bzw. Tokens innerhalb eines neuronalen Netzes?"
    )
    english = engine.ask("which papers use mixture-of-experts or learned routing of tokens?")
    assert papers(german) and set(papers(german)) == set(papers(english))


def test_two_authors_left_out_together_are_both_left_out(engine: Engine) -> None:
    answer = engine.ask("graph papers not by Zhang or Hoefler")  # every paper is by one
    assert answer.filters.author is None and not papers(answer)
    assert [note.split(" by ")[-1] for note in answer.notes] == [
        "Zhiru Zhang.", "Torsten Hoefler."
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "title"),
    [("Do you have the 'Attention Is All You Need' paper in the list?",
      "Attention Is All You Need"),
     ("is “Deep Residual Learning for Image Recognition” listed?",
      "Deep Residual Learning for Image Recognition"),
     ("Is «Attention Is All You Need» in the list?", "Attention Is All You Need"),
     ("Ist „Attention Is All You Need“ in der Liste?", "Attention Is All You Need"),
     # in lower case, asked as a title: "in the list", "titled"
     ("is 'quantum supremacy using a programmable superconducting processor' in the list?",
      "quantum supremacy using a programmable superconducting processor"),
     # a listed author named too: no listed paper has the title at all
     ("Is 'Attention Is All You Need' by Hoefler?", "Attention Is All You Need")],
)  # fmt: skip
def test_a_title_in_quotes_that_no_paper_has_is_not_in_the_list(
    engine: Engine, question: str, title: str
) -> None:
    answer = engine.ask(question)
    assert answer.abstained and not papers(answer) and answer.closest
    assert answer.notes == (f"No listed paper is titled “{title}”.",)


@pytest.mark.parametrize(
    "question",
    ["my German notes call it „Ein Datensatz für Ensemble-Wettervorhersagen“ - which paper?",
     "a Spanish talk was titled «Un conjunto de datos para pronósticos meteorológicos por "
     "conjuntos». Which paper?"],
)  # fmt: skip
def test_a_title_quoted_in_another_language_is_searched_as_read(
    engine: Engine, question: str
) -> None:
    # the listed titles are English: looked up by its letters, it had been said unlisted
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith("ENS-10")


@pytest.mark.parametrize(
    ("question", "title"),
    [("'Routes experts by where they sit in the input, for weather prediction.' paper "
      "title?", "Spatial Mixture-of-Experts"),
     ("'a dataset of ensemble weather forecasts for post-processing' - paper name?",
      "ENS-10: A Dataset For Post-Processing Ensemble Weather Forecasts")],
)  # fmt: skip
def test_a_description_in_quotes_whose_title_is_asked_is_searched(
    engine: Engine, question: str, title: str
) -> None:
    # "paper title?" after the quote had read the description as a title no paper
    # has: "No listed paper is titled “...”", and no answer.
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0] == title


def test_a_listed_title_or_a_phrase_in_quotes_is_answered(engine: Engine) -> None:
    titled = engine.ask("what's 'Efficient RDMA Communication Protocols' about?")
    assert papers(titled)[0] == "Efficient RDMA Communication Protocols" and not titled.notes
    phrase = engine.ask("papers on 'graph neural networks'")  # lower case: a topic
    assert not phrase.abstained and phrase.matched >= 3 and not phrase.notes


@pytest.mark.parametrize(
    "question",
    ["papers with code", "which papers released their code?",
     "which papers have open-source code?"],  # "open source" had been searched as a topic
)  # fmt: skip
def test_asking_for_code_lists_the_papers_that_say_where_their_code_is(
    engine: Engine, question: str
) -> None:
    # Not every listed paper: the five whose abstracts link or promise their code.
    answer = engine.ask(question)
    coded = engine.searcher.index.terms.code
    assert 0 < answer.matched == int(coded.sum()) < len(engine.searcher.index.papers)
    assert answer.notes == ("Papers whose abstract says where their code is.",)
    code_words = ("github", "open-source", "open source", "release", "code")
    assert all(any(w in r.snippet.text.lower() for w in code_words) for r in answer.results)


@pytest.mark.parametrize("question", ["which papers link to their code?", "any code on GitHub?"])
def test_asking_for_a_link_to_code_lists_the_papers_whose_abstract_gives_one(
    engine: Engine, question: str
) -> None:
    # "link" was searched as a topic and abstained; a promise to release code is no link.
    answer = engine.ask(question)
    linked = {p.title for p in engine.searcher.index.papers.values() if "https://" in p.abstract}
    assert linked and set(papers(answer)) == linked
    assert answer.notes == ("Papers whose abstract links to their code.",)


def test_asking_for_code_keeps_to_the_author_and_years(engine: Engine) -> None:
    zhang = engine.ask("Zhang papers with code")
    assert zhang.matched >= 1 and all("Zhiru Zhang" in r.paper.authors for r in zhang.results)
    # it had said no Hoefler paper is about "open source", then his summary
    hoefler = engine.ask("Which Hoefler papers have open-source code?")
    assert hoefler.results and all("Torsten Hoefler" in r.paper.authors for r in hoefler.results)
    assert hoefler.notes == ("Papers whose abstract says where their code is.",)
    none = engine.ask("which 2022 papers have code?")
    assert none.abstained and none.notes == ("No listed paper from 2022 says where its code is.",)


@pytest.mark.parametrize(
    ("question", "title"),
    [('tell me about "Polynomer"', "Polynormer"), ("is 'UniSprase' listed?", "UniSparse"),
     ("the polynomer paper", "Polynormer"),
     ('tell me about "neural graph databses"', "Neural Graph Databases")],
)  # fmt: skip
def test_a_quoted_name_typed_with_a_typo_finds_its_paper(
    engine: Engine, question: str, title: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith(title)


def test_a_question_read_in_part_is_answered_with_a_note_saying_so(engine: Engine) -> None:
    # Only "paper" and "HammingMesh" are read from the French (the rest is no technical
    # term): they find the paper, and the reply says it understood only part of it.
    answer = engine.ask(
        "Quel papier parle de HammingMesh, dont tout le monde bavarde à la cantine en ce moment ?"
    )
    assert papers(answer)[0].startswith("HammingMesh")
    assert any(n.startswith("I could understand only part of this question") for n in answer.notes)
    # In a script the list has no terms in, it abstained with no word of why.
    # Its other words may ask for the opposite ("не про GPU": not about GPUs): never sure.
    for question in ["Есть ли статьи про RDMA?", "Υπάρχουν άρθρα για το RDMA;"]:
        answer = engine.ask(question)
        assert papers(answer) == ["Efficient RDMA Communication Protocols"], question
        assert any(n.startswith("I could understand only part") for n in answer.notes)
        assert UNSURE in answer.notes
    unread = engine.ask("Какие статьи про квантизацию?")
    assert unread.abstained and unread.notes[0].startswith("I could not understand")
    nothing = engine.ask(
        "有没有我朋友上周提到的那篇有趣的论文？"
    )  # no word read: said, not guessed
    assert nothing.abstained and nothing.notes[0].startswith("I could not understand")


@pytest.mark.parametrize(
    "question",
    [
        "有哪些论文是关于量子计算的？",
        "Welche Arbeiten behandeln Quantencomputer?",
        "¿Qué artículos tratan de computación cuántica?",
        "Quali lavori riguardano il calcolo quantistico?",
    ],
)
def test_technical_words_of_other_languages_are_read_as_english(
    engine: Engine, question: str
) -> None:
    # None of these words is an English cognate: the reader's term list maps them (they
    # abstained, "could not understand").
    english = engine.ask("which papers are about quantum computing?")
    answer = engine.ask(question)
    assert not answer.abstained and not answer.notes
    assert set(papers(english)) <= set(papers(answer)) and len(papers(english)) >= 2


def test_a_spanish_question_with_english_terms_is_read_as_spanish_and_answered(
    engine: Engine,
) -> None:
    english = engine.ask("which papers quantize LLMs?")
    answer = engine.ask("¿Qué papers usan quantization para LLMs?")
    assert answer.language == "es" and not answer.abstained
    assert papers(answer)[0] in papers(english)


@pytest.mark.parametrize(
    ("question", "title"),
    [("¿Cómo se llama el paper de Allo?", "Allo"),  # "llama" is "is called", not LLaMA
     ("Busco un artículo llamado Polynormer", "Polynormer"),
     ("Je cherche un article intitulé HammingMesh", "HammingMesh"),
     ("what is the paper on network topology called?", "HammingMesh"),
     ("Qual è il nome dell'articolo su GPTQ?", "GPTQ")],  # "nome", "nom": no topic
)  # fmt: skip
def test_asking_what_a_paper_is_called_is_no_topic(
    engine: Engine, question: str, title: str
) -> None:
    # "called" had matched an abstract's "called" and put that paper first
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith(title)
    assert not any("No listed paper" in note for note in answer.notes)


def test_a_long_german_question_is_read_whole(engine: Engine) -> None:
    answer = engine.ask(
        "Welches Paper analysiert theoretisch, wie viele Speicherzugriffe zwischen schnellem "
        "und langsamem Speicher bei der Inferenz dünn besetzter neuronaler Netze mindestens "
        "nötig sind?"
    )
    assert papers(answer)[0].startswith("A Theory of I/O-Efficient Sparse")
    assert not any("understand" in n for n in answer.notes)


def test_the_whole_list_is_no_topic(engine: Engine) -> None:
    answer = engine.ask("which papers in the whole list have the subject cs.ET?")
    listed = engine.lookup.index.papers.values()
    assert not answer.notes and answer.matched == sum("cs.ET" in p.subjects for p in listed)


def test_one_guessed_word_is_too_little_one_typed_name_is_enough(engine: Engine) -> None:
    # "transiciones" is guessed as a cognate: one guessed word does not answer.
    guessed = engine.ask("¿Hay algún artículo sobre recetas de la abuela y sus transiciones?")
    assert guessed.abstained and guessed.notes[0].startswith("I could not understand")
    typed = engine.ask("Quais artigos envolvem processamento em memória (PIM)?")  # PIM as typed
    assert not typed.abstained and any(t.startswith("UniSparse") for t in papers(typed))


@pytest.mark.parametrize(
    "question",
    ['papers on "Large Language Model Quantization"',
     "which papers use a method named 'Low Rank Adaptation'"],
)  # fmt: skip
def test_a_title_case_topic_in_quotes_is_searched_not_said_unlisted(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert not any(n.startswith("No listed paper is titled") for n in answer.notes)


def test_a_typo_before_paper_is_no_name_and_no_title_is_guessed(engine: Engine) -> None:
    assert not any("is the" in n for n in engine.ask("the benchmrk paper").notes)
    # "accelerater" is close to no title's name: the search answers, no title is forced
    forced = engine.ask("the accelerater paper")
    assert not (forced.matched == 1 and papers(forced)[0].startswith("Allo"))


def test_a_topic_comparison_is_not_narrowed_to_titles(engine: Engine) -> None:
    # "post-training quantization" is a topic here, not the GPTQ paper named.
    answer = engine.ask("compare post-training quantization with fixed-point quantization")
    assert any(t.startswith("FLIQS") for t in papers(answer))


def test_a_word_spelled_like_english_is_no_word_typed_as_is(engine: Engine) -> None:
    # German "Modell" is read as "model": too little to answer on.
    answer = engine.ask("welche Artikel behandeln Kuchenrezepte aus Omas Küche und das Modell?")
    assert answer.abstained and answer.notes[0].startswith("I could not understand")


def test_an_answer_the_answer_model_doubts_says_it_is_not_a_sure_match(engine: Engine) -> None:
    # No listed paper is about graph partitioning: the closest one is shown, and hedged.
    unsure = engine.ask("graph partitioning for distributed full-graph GNN training")
    assert not unsure.abstained and unsure.confidence is not None and unsure.confidence < 0.9
    assert any(note.startswith("Not a sure match") for note in unsure.notes)
    sure = engine.ask("which paper quantizes GPT models to 3 or 4 bits?")
    assert sure.confidence is not None and sure.confidence >= 0.9 and not sure.notes
    # An author's card shown instead of a topic search says why itself.
    card = engine.ask("Hoefler's papers on graph partitioning")
    assert card.author is not None and not any("sure match" in n for n in card.notes)
    # The P is about the best paper: with that paper left out, the rest is judged by a
    # search over the rest, and is no surer than the whole search was.
    whole = engine.ask("quantization papers")
    left = engine.ask("quantization papers not about language models")
    assert left.results and left.confidence is not None and whole.confidence is not None
    assert left.confidence <= whole.confidence
    # A listed paper set aside by its name is no candidate: the P is of the best of the rest.
    named = engine.ask("quantization papers except GPTQ")
    assert named.results and named.confidence is not None
    assert not any(r.paper.title.startswith("GPTQ") for r in named.results + named.more)


@pytest.mark.parametrize(
    ("one", "several"),
    [
        (
            "which paper trains a speech recognizer on an FPGA?",
            "which papers train speech recognizers on FPGAs?",
        ),
        (
            "which paper uses reinforcement learning to schedule GPU clusters?",
            "which papers use reinforcement learning to schedule GPU clusters?",
        ),
        (
            "which paper proposes a new consensus protocol for blockchains?",
            "which papers propose consensus protocols for blockchains?",
        ),
        (
            "which paper benchmarks quantum annealers on optimization problems?",
            "which papers benchmark quantum annealers on optimization problems?",
        ),
    ],
)
def test_asking_for_several_papers_makes_no_unanswerable_question_surer(
    engine: Engine, one: str, several: str
) -> None:
    # Whether a question asks for one paper or several says what kind of answer is
    # wanted, not whether the list has one: in the plural, these were answered as sure.
    for question in (one, several):
        answer = engine.ask(question)
        assert answer.abstained or UNSURE in answer.notes, question


@pytest.mark.parametrize(
    "question",
    [
        "which paper studies the torus network topology?",
        "which paper simulates molecules on a quantum computer?",
        "which paper uses vision transformers to detect pedestrians?",
    ],
)
def test_a_near_miss_in_few_words_is_no_sure_match(engine: Engine, question: str) -> None:
    # A topic word is shared ("topology", "quantum", "transformers"), what is asked is
    # not. Fitted with a signal free to push either way (missing words counted for an
    # answer), the first two were sure matches.
    answer = engine.ask(question)
    assert answer.abstained or UNSURE in answer.notes


def test_a_list_found_unsurely_is_shown_hedged_where_one_paper_would_abstain(
    engine: Engine,
) -> None:
    # Hedged, a list still shows its closest papers; an abstention would show none of
    # a list's right papers. One paper asked for the same way abstains.
    several = engine.ask("which papers use FPGAs for speech recognition?")
    assert not several.abstained and several.results and UNSURE in several.notes
    assert engine.ask("which paper uses an FPGA for speech recognition?").abstained
    for sure in (
        engine.ask("which papers quantize GPT models to 3 or 4 bits?"),
        engine.ask("which papers build datasets for weather forecast post-processing?"),
    ):
        assert not sure.abstained and UNSURE not in sure.notes


def test_years_no_paper_is_from_are_searched_past_when_the_question_has_a_topic(
    engine: Engine,
) -> None:
    # The years may be the topic's ("data covering 1998 to 2017"): the answer comes from
    # every year. The abstract that writes them ("spanning 20 years (1998-2017)") is
    # answered without a note; it had said no listed paper is from 1998–2017.
    answer = engine.ask(
        "which paper has ensemble forecast data spanning 1998 through 2017, with eleven "
        "vertical levels, forecasting two days ahead?"
    )
    ens10 = ["ENS-10: A Dataset For Post-Processing Ensemble Weather Forecasts"]
    assert papers(answer)[:1] == ens10
    assert answer.notes == () and answer.filters == Filters()
    # years it does not write: under a note that says no listed paper is from them
    unwritten = engine.ask(
        "which paper has ensemble forecast data spanning 1990 through 2010, with eleven "
        "vertical levels, forecasting two days ahead?"
    )
    assert papers(unwritten)[:1] == ens10
    assert unwritten.notes == (
        "No listed paper is from 1990–2010; these, from other years, are the closest:",
    )
    # A short topic asks for those years, and years set as an option are the user's: both
    # still say that no paper is from them.
    for short in (
        engine.ask("quantization papers from 2019"),
        engine.ask("quantization", filters=Filters(year_from=2019, year_to=2019)),
    ):
        assert not short.results and short.notes[0].startswith("No listed paper is from 2019")


def test_a_subject_kept_when_its_years_are_searched_past_is_named(engine: Engine) -> None:
    # cs.CR has a paper, from 2023 or earlier: the note may not say no paper is from 2024.
    answer = engine.ask("the cs.CR paper from 2024 on fault injection attacks against GPU kernels")
    assert answer.notes[-1].startswith("No listed paper filed under cs.CR is from 2024;")
    assert answer.filters.subject == "cs.CR"


@pytest.mark.parametrize("question", ["show me everything", "everything", "give me all of it"])
def test_asking_for_everything_lists_every_paper(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and answer.matched == len(engine.lookup.index.papers)


@pytest.mark.parametrize(
    ("question", "years"),
    [("papers not from 2023-2024", {2022}), ("papers outside 2022 to 2023", {2024}),
     ("quantization papers not from 2022-2023", {2024})],
)  # fmt: skip
def test_a_range_of_years_left_out_leaves_every_year_of_it_out(
    engine: Engine, question: str, years: set[int]
) -> None:
    answer = engine.ask(question)
    assert answer.results and {r.paper.year for r in answer.results + answer.more} == years


@pytest.mark.parametrize(
    ("question", "kept"),
    [("Welche Arbeiten sind nicht von Hoefler?", "Zhiru Zhang"),
     ("Quais artigos não são de Hoefler?", "Zhiru Zhang"),
     ("Quels articles ne sont pas de Zhang ?", "Torsten Hoefler"),
     ("¿Qué artículos no son de Hoefler?", "Zhiru Zhang"),
     ("Quali articoli non sono di Zhang?", "Torsten Hoefler")],
)  # fmt: skip
def test_an_author_left_out_in_another_language_is_left_out(
    engine: Engine, question: str, kept: str
) -> None:
    # Before, "nicht von Hoefler" listed Hoefler's own papers: the opposite of the question.
    answer = engine.ask(question)
    assert answer.matched == 18 and {a for r in answer.results for a in r.paper.authors} == {kept}


@pytest.mark.parametrize(
    "question",
    ["Welche Arbeiten sind nicht in cs.LG?",
     "¿Qué artículos no están en cs.LG?",
     "Quels articles ne sont pas dans cs.LG ?",
     "Quali articoli non sono in cs.LG?",
     "Quais artigos não estão em cs.LG?"],
)  # fmt: skip
def test_a_subject_left_out_in_another_language_is_left_out(engine: Engine, question: str) -> None:
    # Before, "nicht in cs.LG" lost its "nicht": the answer was the cs.LG papers alone.
    answer = engine.ask(question)
    shown = [r.paper for r in answer.results + answer.more]
    assert shown and not any("cs.LG" in p.subjects for p in shown)
    assert answer.matched == sum(
        "cs.LG" not in p.subjects for p in engine.searcher.index.papers.values()
    )


@pytest.mark.parametrize(
    "question",
    ["FPGA work, aber nicht von Hoefler", "FPGA papers, mais pas de Hoefler",
     "FPGA papers, pero no de Hoefler", "¿Hay papers de FPGA que no sean de Hoefler?",
     "Ci sono articoli sugli FPGA che non siano di Hoefler?"],
)  # fmt: skip
def test_a_foreign_clause_leaving_an_author_out_leaves_no_topic(
    engine: Engine, question: str
) -> None:
    # "aber" was left in the topic, a word no abstract writes: the answer abstained.
    answer = engine.ask(question)
    assert not answer.abstained and "Left out 2 papers by Torsten Hoefler." in answer.notes
    assert all("Torsten Hoefler" not in r.paper.authors for r in answer.results)
    assert any("FPGA" in r.paper.title for r in answer.results)


def test_an_adverb_is_framing_not_the_topic(engine: Engine) -> None:
    # "genuinely" (rare in English, in no abstract) outweighed "quantum": it abstained.
    answer = engine.ask(
        "How big would a quantum computer actually have to be to do something genuinely "
        "useful that ordinary computers can't?"
    )
    assert not answer.abstained
    assert papers(answer)[0] == "Assessing requirements to scale to practical quantum advantage"
    weights = engine.searcher.query("anything genuinely new on quantum or Dragonfly?").weights
    assert weights["genuin"] < weights["quantum"] < weights["dragonfli"]  # no adverb's "-ly"


@pytest.mark.parametrize(
    ("question", "english"),
    [("2023年以来关于量化的论文", "quantization papers since 2023"),
     ("2024年之前关于量化的论文", "quantization papers before 2024")],
)  # fmt: skip
def test_a_chinese_year_before_since_reads_as_the_english(
    engine: Engine, question: str, english: str
) -> None:
    # 2023年以来 ("since 2023") was read as 2023 only: the 2024 papers were left out.
    asked, meant = engine.ask(question), engine.ask(english)
    assert asked.filters == meant.filters and papers(asked) == papers(meant)


def test_a_month_is_read_as_its_year_and_the_answer_says_so(engine: Engine) -> None:
    # It abstained: "March" was searched as a topic no listed paper is about.
    answer = engine.ask("Which papers came out in March 2023?")
    assert not answer.abstained and answer.results
    assert {r.paper.year for r in answer.results} == {2023}
    assert answer.notes[0] == "The list gives years only: “March 2023” is read as 2023."
    before = engine.ask("Anything before June 2024 on graph transformers?")
    assert before.filters.year_to == 2024 and before.filters.year_from is None
    assert before.notes[0].endswith("“June 2024” is read as 2024 or earlier.")


@pytest.mark.parametrize(
    "years",
    [
        "first and last year",  # "last year" was read as the year before this one
        "earliest and latest year",  # "earliest" was a word of the ask's own
    ],
)
def test_an_overview_asking_first_and_last_year_gets_the_authors_card(
    engine: Engine, years: str
) -> None:
    answer = engine.ask(
        f"ZHIRU ZHANG!!! wow!!! overview please: number of papers, {years}, "
        "and the subject breakdown!!!"
    )
    assert answer.author is not None and not answer.abstained
    assert answer.filters.year_from is None and answer.filters.year_to is None


def test_a_question_whose_ask_went_unread_says_so_though_its_exclusion_was_read(
    engine: Engine,
) -> None:
    # Only "centros de dados" was read: every paper but the datacenter one was listed.
    answer = engine.ask("artigos de agendamento que não sejam sobre centros de dados")
    assert answer.abstained and not answer.results
    assert answer.notes[0].startswith("I could not understand this question")
    read = engine.ask("artigos sobre grafos que não sejam sobre bancos de dados")
    assert not read.abstained and read.results  # its ask read: answered
    every = engine.ask("Muéstrame todos los artículos excepto los de cuantización")
    assert not every.abstained and every.notes[0].startswith("Left out")  # "show me" read


@pytest.mark.parametrize(
    "question",
    [
        "Has anybody looked at FPGAs?",
        "somebody did quantization, right?",
        "Has anyone worked on graphs?",
    ],
)
def test_an_indefinite_pronoun_is_no_word_of_the_topic(engine: Engine, question: str) -> None:
    # "anybody", "somebody" were weighed as words no abstract uses: the answer abstained.
    answer = engine.ask(question)
    assert not answer.abstained and answer.results


def test_filters_given_as_numbered_items_are_read_as_on_one_line(engine: Engine) -> None:
    # The items' numbers were read as numbers asked about: "None of the papers by
    # Torsten Hoefler from 2023 is about “1 quantum computing 2 3”".
    listed = engine.ask("1. papers on quantum computing\n2. by Torsten Hoefler\n3. from 2023")
    one_line = engine.ask("papers on quantum computing by Torsten Hoefler from 2023")
    assert papers(listed) == papers(one_line) and papers(listed)
    assert UNSURE not in listed.notes and not any("None of" in note for note in listed.notes)


def test_asking_what_to_cite_is_no_topic(engine: Engine) -> None:
    # "cite" was searched as the topic, and none of his 2022 papers was about it
    cite = engine.ask("Which Hoefler papers from 2022 should I cite?")
    listed = engine.ask("Which Hoefler papers are from 2022?")
    assert not cite.abstained and papers(cite) and set(papers(cite)) == set(papers(listed))


def test_a_topic_asked_for_as_stuff_lists_its_papers(engine: Engine) -> None:
    # read as asking for one paper, two words were too few to be sure of: it abstained
    answer = engine.ask("weather stuff?")
    assert not answer.abstained and len(papers(answer)) >= 2
    assert any(title.startswith("ENS-10") for title in papers(answer))


def test_a_list_of_topics_one_of_which_the_list_lacks_shows_the_others(engine: Engine) -> None:
    # the words no abstract uses ("photonic interconnects") made the whole unanswerable
    answer = engine.ask("Any papers on networking or on photonic interconnects?")
    assert not answer.abstained and UNSURE in answer.notes
    assert {"Noise in the Clouds", "HammingMesh"} <= {p.split(":")[0] for p in papers(answer)}
    assert UNANSWERED_TOPICS.format("“photonic interconnects”") in answer.notes
    # no topic of it found alone: still nothing; nor when what all share is absent, nor
    # for topics named before the ask
    assert engine.ask("Any papers on protein folding or drug discovery?").abstained
    assert engine.ask("Papers on GPUs/TPUs for seismology?").abstained
    assert engine.ask("I use PyTorch, TensorFlow / JAX daily - any papers on robotics?").abstained


def test_an_ask_to_read_an_authors_year_lists_it(engine: Engine) -> None:
    # "read" was its topic, and the answer said no paper of his that year is about it
    answer = engine.ask("We need to read what Hoefler did in 2022")
    listed = answer.results + answer.more
    assert not answer.abstained and len(listed) == answer.matched == 13
    assert all(r.paper.year == 2022 for r in listed)


def test_topics_left_out_that_take_every_paper_chosen_leave_the_rest(engine: Engine) -> None:
    # the background chose the papers on robustness and stability; left out, it abstained
    answer = engine.ask(
        "Graph neural network robustness and stability bore me. Which graph neural network "
        "papers are NOT about stability, robustness or attacks?"
    )
    titles = {p.split(":")[0] for p in papers(answer)}
    assert not answer.abstained and {"Polynormer", "Neural Graph Databases"} <= titles
    assert not titles & {"GARNET", "SAGMAN"}


@pytest.mark.parametrize(
    "question", ["papers on FooNets or vision transformers", "graph transformers or BarNets?"]
)
def test_a_name_the_list_lacks_beside_an_alternative_answers_the_alternative(
    engine: Engine, question: str
) -> None:
    # It said "No listed paper mentions" the name and listed nothing, though a paper
    # answers the other alternative; that paper is now shown, not as a sure match.
    answer = engine.ask(question)
    assert not answer.abstained and answer.results
    expected = "FLIQS" if "vision" in question else "Polynormer"
    assert papers(answer)[0].startswith(expected) and UNSURE in answer.notes


@pytest.mark.parametrize(
    ("typed", "plain"),
    [("hoefler quatnum circiuts", "hoefler quantum circuits"),
     ("papers by Zhang on grpah trnasformers", "papers by Zhang on graph transformers")],
)  # fmt: skip
def test_an_authors_topic_with_typos_is_searched_as_spelled(
    engine: Engine, typed: str, plain: str
) -> None:
    # The typed words are in no abstract, so they were read as chat and the card shown.
    answer, asked = engine.ask(typed), engine.ask(plain)
    assert answer.author is None and answer.results
    assert answer.results[0].paper.id == asked.results[0].paper.id


@pytest.mark.parametrize(
    "question",
    ["who has more graph neural network papers, Hoefler or Zhang?",
     "does Zhang or Hoefler have more papers on large language models?"],
)  # fmt: skip
def test_authors_weighed_on_a_topic_get_how_many_each_wrote(engine: Engine, question: str) -> None:
    # The papers were listed with no word of who has more.
    answer = engine.ask(question)
    found = [r.paper for r in answer.results + answer.more]
    zhang = sum("Zhiru Zhang" in p.authors for p in found)
    hoefler = sum("Torsten Hoefler" in p.authors for p in found)
    assert zhang != hoefler
    assert f"Zhiru Zhang wrote {zhang}" in answer.notes[-1] or (
        f"Torsten Hoefler wrote {hoefler}" in answer.notes[-1]
    )
    assert not any("wrote" in n for n in engine.ask("papers by Hoefler or Zhang on GNNs").notes)


def test_a_word_cut_short_finds_the_papers_of_the_whole_word(engine: Engine) -> None:
    # "nets" is in no abstract: the question abstained
    clipped, whole = (
        engine.ask("which papers train neural nets?"),
        engine.ask("which papers train neural networks?"),
    )
    assert not clipped.abstained and papers(clipped) == papers(whole)


@pytest.mark.parametrize(
    "question",
    ["- weather papers\n- by Zhang", "weather papers\nfrom Zhang", "- weather papers\n- Zhang's"],
)
def test_an_author_said_after_the_topic_narrows_it(engine: Engine, question: str) -> None:
    # The last line, with no word of the topic, was read as the ask and the rest as chat:
    # Zhang's whole card came back as the answer, though none of hers is about weather.
    answer = engine.ask(question)
    assert answer.abstained and not answer.results
    assert answer.notes[0].startswith("None of Zhiru Zhang's papers is about “weather”")


def test_papers_that_target_a_platform_are_those_on_it(engine: Engine) -> None:
    on = {r.paper.id for r in (lambda a: a.results + a.more)(engine.ask("papers on FPGAs"))}
    for question in (
        "list every paper that targets FPGAs", "any works targeting FPGAs?",
        "papers aimed at FPGAs",
    ):  # fmt: skip
        answer = engine.ask(question)  # had put UniSparse ("hardware targets") first
        assert {r.paper.id for r in answer.results + answer.more} == on, question


def test_other_nouns_for_papers_ask_what_papers_ask(engine: Engine) -> None:
    # "preprints" weighed as a topic no abstract holds: "preprints on weather" abstained
    asked = papers(engine.ask("papers on weather"))
    for question in ("preprints on weather", "any manuscripts on weather?"):
        assert papers(engine.ask(question)) == asked, question
    counted = engine.ask("how many preprints are about weather?")
    assert f"{len(asked)} listed papers match." in counted.notes


@pytest.mark.parametrize(
    "question",
    ["whether or not ML helps, which papers do weather forecasting?",
     "which papers do weather forecasting, ML or not?"],
)  # fmt: skip
def test_or_not_leaves_nothing_out(engine: Engine, question: str) -> None:
    # "or not ML" left the cs.LG papers out: "Left out 2 papers in cs.LG.", an abstention.
    answer = engine.ask(question)
    assert not answer.abstained and not any(note.startswith("Left out") for note in answer.notes)
    assert papers(answer) == papers(engine.ask("which papers do weather forecasting?"))


@pytest.mark.parametrize("topic", ["networking", "graph learning", "weather"])
def test_every_paper_on_a_topic_asks_what_all_papers_on_it_asks(engine: Engine, topic: str) -> None:
    # "every" weighed as much as the topic: "every paper about networking" listed one
    # paper, whose abstract says "every" and is on no network.
    every = set(papers(engine.ask(f"every paper about {topic}")))
    assert len(every) >= 3 and every <= set(papers(engine.ask(f"all papers about {topic}")))


def test_roleplay_actions_get_the_answer_of_the_ask_alone(engine: Engine) -> None:
    # "*waves* hi! which papers ..." had abstained; "*sighs*" had made an answer unsure
    for acted, plain in [
        ("*waves* hi! which papers are about weather?", "hi! which papers are about weather?"),
        ("*sighs* any GNN papers from 2024?", "any GNN papers from 2024?"),
        ("which papers are about weather? *sighs*", "which papers are about weather?"),
        ("show me Hoefler's papers on FPGAs *nods*", "show me Hoefler's papers on FPGAs"),
        ("*thinks about quantum physics* any weather papers?", "any weather papers?"),
    ]:  # fmt: skip
        answer, asked = engine.ask(acted), engine.ask(plain)
        assert papers(answer) == papers(asked) and answer.notes == asked.notes, acted
        assert not answer.abstained


@pytest.mark.parametrize(
    "question",
    ["Tell me how many papers are from 2022 or in cs.DC.",
     "count the cs.DC or 2022 papers",
     "number of papers where year == 2022 OR subject == 'cs.DC'",
     "how many papers were published in 2022, or filed under cs.DC?",
     "SELECT COUNT(*) FROM papers WHERE year = 2022 OR category = 'cs.DC'",
     "how many are in cs.DC, or were published in 2022?"],
)  # fmt: skip
def test_a_year_or_a_subject_counts_the_papers_of_either(engine: Engine, question: str) -> None:
    # Before, "or" between a year and a subject was read as "and": 6 papers, not 15.
    papers = engine.searcher.index.papers.values()
    either = sum(p.year == 2022 or "cs.DC" in p.subjects for p in papers)
    assert either > sum(p.year == 2022 and "cs.DC" in p.subjects for p in papers)
    answer = engine.ask(question)
    assert answer.matched == either and f"{either} listed papers match." in answer.notes


def test_a_year_and_a_subject_still_narrow_together(engine: Engine) -> None:
    papers = engine.searcher.index.papers.values()
    both = sum(p.year == 2022 and "cs.DC" in p.subjects for p in papers)
    assert engine.ask("how many 2022 papers are in cs.DC?").matched == both
    assert engine.ask("how many papers from 2022 or 2023 are in cs.DC?").matched == sum(
        p.year in (2022, 2023) and "cs.DC" in p.subjects for p in papers
    )


@pytest.mark.parametrize(
    ("question", "code"),
    [("How many entries are catalogued in cs.DC?", "cs.DC"),
     ("how many cs.CV chairs are in the room?", "cs.CV")],
)  # fmt: skip
def test_a_count_of_a_subject_beside_words_no_paper_holds_counts_the_subject(
    engine: Engine, question: str, code: str
) -> None:
    # Counts were no list to the aside reader, and a filing word ("catalogued") a topic:
    # each said "No listed paper matches."
    answer = engine.ask(question)
    filed = sum(code in p.subjects for p in engine.searcher.index.papers.values())
    assert answer.matched == filed and f"{filed} listed papers match." in answer.notes
