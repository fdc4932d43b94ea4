"""The asking part of a long question: the sentences that ask, after the background."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.asking import without_askers_purpose
from retrieval.query.asking_part import (
    NAMES_ITS_TOPIC,
    PAPERS_NAMED,
    ask_from_word,
    asking_part,
    points_back,
    sentence_that_asks,
)
from retrieval.text import spaced


@pytest.mark.parametrize(
    ("question", "part"),
    [
        (
            "Our lab builds radio telescopes. We process petabytes of sky images. "
            "Is there a paper on compressing images at very low bit rates?",
            "Is there a paper on compressing images at very low bit rates?",
        ),
        (
            "I teach an HPC course. My students write stencil codes in C. Last term we "
            "ported them to GPUs. I would like papers about stencil optimization in Python.",
            "I would like papers about stencil optimization in Python.",
        ),
        (  # a clarification after the question stays with it
            "We run a weather service. Our models are old. Any papers on ensemble "
            "forecasts? Not the purely statistical ones, please.",
            "Any papers on ensemble forecasts? Not the purely statistical ones, please.",
        ),
        (  # an ask that points back takes the sentence it points to along
            "We run a mid-size GPU cluster. Jobs share the network. What we lack is "
            "congestion control for lossy Ethernet fabrics. Is there anything on that?",
            "What we lack is congestion control for lossy Ethernet fabrics. "
            "Is there anything on that?",
        ),
        (
            "I teach compilers. My course uses LLVM. The students want to try autotuning "
            "loop schedules with learned cost models. Any papers about it?",
            "The students want to try autotuning loop schedules with learned cost models. "
            "Any papers about it?",
        ),
        (  # "it" refers to what its own sentence names first, not to the background
            "Oceanographers here. Our code base is decades old. Which paper ports an "
            "ocean model to Python and then tunes it for GPUs?",
            "Which paper ports an ocean model to Python and then tunes it for GPUs?",
        ),
        (
            "We run a key-value store. Tail latency matters. Which paper schedules "
            "threads in user space and preempts them within microseconds?",
            "Which paper schedules threads in user space and preempts them within microseconds?",
        ),
        (  # "is there", "were there": no pointer back ("over there" is one)
            "We deploy a workflow engine on our cluster. Our jobs are mostly graph "
            "analytics. Is there anything on approximate graph mining?",
            "Is there anything on approximate graph mining?",
        ),
        (
            "My team targets FPGAs. We quantize every network we ship. Were there papers "
            "on learning fixed-point formats during training?",
            "Were there papers on learning fixed-point formats during training?",
        ),
        (  # two words of its own, named after "on": what it asks about
            "I maintain a solver. It runs on CPUs. Any papers on drug design?",
            "Any papers on drug design?",
        ),
        (  # nor are "isn't there" and "would there be"
            "Our lab runs a GPU cluster. The jobs are mostly simulations. Isn't there "
            "something on scheduling jobs in user space?",
            "Isn't there something on scheduling jobs in user space?",
        ),
        (
            "Our lab runs a GPU cluster. The jobs are mostly simulations. Would there be "
            "a paper on scheduling jobs in user space?",
            "Would there be a paper on scheduling jobs in user space?",
        ),
        (  # "there's" is "there is": the ask takes only the sentence "that" points to
            "We read the HLS paper. Our boards are old. Apparently there's one on routing "
            "experts by grid position too. Which one is that?",
            "Apparently there's one on routing experts by grid position too. Which one is that?",
        ),
        (  # with no "?", the last sentence with an asking word asks, not a form's field
            "Ticket 12. Team: infra. Details: we shard graph databases across racks. "
            "Find the paper on learned graph databases. Deadline: Friday",
            "Find the paper on learned graph databases. Deadline: Friday",
        ),
        (  # "this list" is the list, not the background
            "We train vision models. They run on old GPUs. Is there a paper in this "
            "list about pruning convolutional networks?",
            "Is there a paper in this list about pruning convolutional networks?",
        ),
    ],
)
def test_the_asking_part_follows_the_background(question: str, part: str) -> None:
    assert asking_part(question) == part


@pytest.mark.parametrize(
    ("question", "part"),
    [
        (
            "A bus leaves Zurich at nine with twelve engineers. Half of them work on "
            "quantizing LLM weights. Which papers should they bring along?",
            "Half of them work on quantizing LLM weights. Which papers should they bring along?",
        ),
        (
            "Our reading group meets in Lagos. Two of them train graph models for "
            "chemistry. Which papers would they like?",
            "Two of them train graph models for chemistry. Which papers would they like?",
        ),
    ],
)
def test_a_share_of_a_group_says_what_the_ask_points_at(question: str, part: str) -> None:
    # The sentence pointed to pointed back in turn ("them"), so the whole question,
    # its scene with it, was the ask.
    assert asking_part(question) == part


@pytest.mark.parametrize(
    "question",
    [
        "which papers quantize language models?",  # no background
        "I read about data movement. Is there a paper on lower bounds for it?",  # one lead-in
        "We build FPGAs. We write HLS code. Is there a paper on this?",  # points back
        "We build FPGAs. That is hard. Is there a paper on it?",  # points back twice
        "We build FPGAs. We write HLS code. Any ideas?",  # too few words of its own
        "We use vLLM. We tuned its batching. Does any paper improve its scheduler?",
        # points back at a sentence that says nothing: to all that came before
        "Big news. A new format stores weights in four bits with learned scales and "
        "no retraining. Wow! Which listed paper describes this exact trick?",
    ],
)
def test_the_whole_question_is_searched_otherwise(question: str) -> None:
    assert asking_part(question) is None


@pytest.mark.parametrize(
    ("message", "part"),
    [
        (
            "Tuesday:\n- return the library books\n- renew the bike lock\n- which paper "
            "here learns fixed-point formats for FPGAs?\n- call the landlord",
            "which paper here learns fixed-point formats for FPGAs?",
        ),
        (
            "errands\n1. drop off the parcel\n2) is there a paper on semantic image "
            "compression in the list?\n3) buy coffee filters",
            "is there a paper on semantic image compression in the list?",
        ),
        (
            "[x] book the meeting room\n[ ] water the ferns\n[ ] find the paper about "
            "attestation of GPU kernels\n[ ] print the poster",
            "find the paper about attestation of GPU kernels",
        ),
        (  # the ask may be the first item; "that" before its noun points at nothing
            "[ ] find that paper about attestation of GPU kernels\n[ ] water the ferns",
            "find that paper about attestation of GPU kernels",
        ),
        (  # an item that asks for papers, not the chore with an asking word ("return")
            "- find the paper on GPU attestation\n- return the library books",
            "find the paper on GPU attestation",
        ),
        (  # an item that goes on with the ask stays with it; the next chore does not
            "to do:\n- laundry\n- which papers quantize language models?\n- only from 2023\n- gym",
            "which papers quantize language models?\n- only from 2023",
        ),
    ],
)
def test_an_ask_in_a_list_of_chores_is_its_own_item(message: str, part: str) -> None:
    # The items after the ask are the next chores, not a clarification of it; the
    # item's bullet or number is no word asked about.
    assert asking_part(spaced(message)) == part


@pytest.mark.parametrize(
    "message",
    [
        # the items describe one paper, and the ask points back at all of them
        "A paper I half remember:\n- binary weights\n- machine translation\n- scaling "
        "laws for the binarized models\n- which one is it?",
        # the ask after the list is no item: the lines before it are what it asks about
        "Slide 4\n- graph transformer\n- linear time\n- polynomial expressivity\n"
        "Speaker's note: what's the paper?",
    ],
)
def test_a_list_that_describes_the_paper_is_asked_whole(message: str) -> None:
    assert asking_part(spaced(message)) is None


def test_line_breaks_are_kept_around_list_items_only() -> None:
    assert spaced("to do:\n- laundry\n-  which  paper?\nthanks") == (
        "to do:\n- laundry\n- which paper?\nthanks"
    )
    assert spaced("Dear bot,\nwhich paper\n  is about graphs?") == (
        "Dear bot, which paper is about graphs?"
    )
    # items are bulleted alike: an item's number is no number asked about
    assert spaced("1. papers on graphs\n2) from 2023\n[ ] by Zhang") == (
        "- papers on graphs\n- from 2023\n- by Zhang"
    )


@pytest.mark.parametrize(
    ("text", "ask"),
    [
        ("bot, please list every cs.ET paper", "list every cs.ET paper"),
        ("As my advisor asked, which papers are from 2022?", "which papers are from 2022?"),
        ("As agreed, the helper shall enumerate each 2023 paper.", "enumerate each 2023 paper."),
        ("Which papers are from 2022?", None),  # nothing before the ask
        ("Thanks. Which papers are from 2022?", None),  # the ask's sentence starts with it
    ],
)  # fmt: skip
def test_an_ask_starts_at_its_asking_word_inside_a_sentence(text: str, ask: str | None) -> None:
    assert ask_from_word(text) == ask


@pytest.mark.parametrize(
    ("ask", "back"),
    [
        ("Which entries give cs.DC as their main subject?", False),  # the papers
        ("Which papers report their speedups on GPUs?", False),
        ("Which ones publish their code?", False),
        ("Is there a paper on them?", True),  # nothing before it in its sentence
        ("Does any paper improve its scheduler?", True),
        ("Per cs.CL, is there a paper on it?", True),  # "cs.CL" ends no sentence
        # after an auxiliary, the pointer is the subject, someone other than the papers
        ("Which papers should they read first?", True),
        ("Which ones do they cite?", True),
        ("What papers can they bring to the retreat?", True),
        # an ask with a topic of its own does not need who they are
        ("Which FPGA papers would they find useful?", False),
    ],
)
def test_a_plural_pointer_after_the_papers_asked_for_points_at_them(ask: str, back: bool) -> None:
    assert points_back(ask) is back


@pytest.mark.parametrize(
    ("ask", "back"),
    [
        ("Which of his papers was it?", True),
        ("Which paper is that?", True),
        ("Is it in the list?", True),
        ("Pull every paper with that subject.", False),  # "that" before a noun
        ("Any of this kind in 2023?", False),
    ],
)  # fmt: skip
def test_a_pointer_standing_alone_points_back_and_one_before_a_noun_does_not(
    ask: str, back: bool
) -> None:
    assert points_back(ask, things_only=True, pronouns_only=True) is back


@pytest.mark.parametrize(
    "question",
    [
        "Desk six here. Request: Torsten Hoefler's papers, counted by year. Thanks. Out.",
        "Morning team. Status of Zhiru Zhang's papers by year needed. Cheers. Bye.",
    ],
)
def test_a_message_without_an_asking_sentence_is_asked_whole(engine: Engine, question: str) -> None:
    # No sentence ends with "?" or has an asking word; the last one ("Out.") was taken
    # for the ask, and the author named before it for background.
    answer = engine.ask(question)
    assert answer.filters.author in question and answer.matched == 18


@pytest.mark.parametrize(
    ("ask", "names"),
    [
        ("Is there anything on protein folding?", True),
        ("Any papers about drug discovery?", True),
        ("Got a paper on the protein folding problem?", True),
        ("Is there one about the card game?", True),
        ("Which paper is on the slide?", False),
        ("What was on your screen?", False),
        ("Bids open on the lot, who knows it?", False),
        ("Do you know any good papers on the stockmarket?", True),
        ("Which papers would you suggest reading on the brain?", True),
        ("Is there published work on the tsunami?", True),
    ],
)
def test_on_before_one_noun_of_a_place_in_view_names_no_topic(ask: str, names: bool) -> None:
    assert bool(NAMES_ITS_TOPIC.search(ask)) is names


@pytest.mark.parametrize(
    ("question", "read"),
    [
        # the role the asker asks as, and what they will do with the papers asked for
        (
            "As a PhD student I need all listed papers on interconnect topologies so that I "
            "can cite them.",
            "I need all listed papers on interconnect topologies",
        ),
        ("As a beginner, I want GNN papers to help me prepare a talk", "I want GNN papers"),
        # not when it holds all that is asked, or describes the one paper asked for
        (
            "which paper should I read so that I understand quantization?",
            "which paper should I read so that I understand quantization?",
        ),
        (
            "which paper is it, so I can reproduce its 4-bit results?",
            "which paper is it, so I can reproduce its 4-bit results?",
        ),
        # a method's own purpose, a result, and "so I want ...", which asks
        ("papers that reorder loops so that caches are reused", None),
        ("As a baseline, which papers use GPTQ?", None),
        ("Our stack is PyTorch, so I want every paper built on it.", None),
    ],
)
def test_the_askers_role_and_purpose_are_no_topic(question: str, read: str | None) -> None:
    expected = (read or question).rstrip(" .")
    assert " ".join(without_askers_purpose(question).split()).rstrip(" .") == expected


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Ada lives in Accra and studies at Ashesi.", False),
        ("My cousin works at a bank.", False),
        ("He works as a nurse and studies hard.", False),
        ("Show me works at scale on graph learning.", True),
        ("Any studies as recent as 2024 on LLMs?", True),
        ("Which studies at the system level cover data movement?", True),
    ],
)
def test_works_and_studies_are_papers_unless_a_person_does_them(text: str, named: bool) -> None:
    assert bool(PAPERS_NAMED.search(text)) is named


@pytest.mark.parametrize(
    ("text", "asking"),
    [
        # a cheer with "what" in it, then the count asked for: "how many" asks
        ("Go team, what a day! How many papers are from 2023, tell me!",
         "How many papers are from 2023, tell me!"),
        ("Whatever you say. How many papers came out in 2024. Cheers",
         "How many papers came out in 2024."),
    ],
)  # fmt: skip
def test_how_many_asks_as_an_asking_word_does(text: str, asking: str) -> None:
    found = sentence_that_asks(text)
    assert found is not None and found.text == asking


@pytest.mark.parametrize(
    "question",
    ["Go go go, what'cha got! How many papers from 2022, let's hear it!",
     "Rah rah, what a team! How many papers from 2022, sound off!"],
)  # fmt: skip
def test_a_cheer_before_a_count_asked_for_is_no_topic(engine: Engine, question: str) -> None:
    # the cheer had been searched as the topic within 2022 and nothing matched
    answer = engine.ask(question)
    listed = [p for p in engine.searcher.index.papers.values() if p.year == 2022]
    assert not answer.abstained and answer.matched == len(listed)


@pytest.mark.parametrize(
    "question",
    ["ok one more.. torsten hoefler. how many papers listed, which years, what subjects. bye",
     "Next up: Zhiru Zhang. How many papers does the list hold, over which years? Off I go."],
)  # fmt: skip
def test_a_name_alone_before_the_ask_is_whom_it_asks_about(engine: Engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.author is not None and answer.author.name in question.title()
