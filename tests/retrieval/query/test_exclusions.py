"""Topics a question leaves out, in the ways people write it, read as topics to remove."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine


@pytest.mark.parametrize(
    ("question", "unwanted"),
    [
        ("compiler papers, but skip the ones about FPGAs", "FPGAs"),
        ("graph work that has nothing to do with databases", "databases"),
        ("scheduling papers, not counting the ones about training", "training"),
        ("hardware papers, but leave out those dealing with memory", "memory"),
        ("compiler papers, drop the ones that are about FPGAs", "FPGAs"),
        ("graph papers; remove anything on databases", "databases"),
        ("scheduling papers, and omit those dealing with training", "training"),
        ("hardware papers - exclude the ones about memory, please", "memory"),
        ("quantum papers, filtering out any papers about circuits or qubits",
         "circuits | qubits"),
        ("the 2023 papers minus Allo", "Allo"),
        # "without" right after the papers asked for leaves out; "X without Y" is a topic
        ("graph papers without neural networks", "neural networks"),
        ("which ones without GPUs?", "GPUs"),
        # papers said not to be of a kind named before a noun for papers (the kind was
        # read as the topic: "weather papers that are not dataset papers" gave the dataset)
        ("compiler papers that are not survey papers", "survey"),
        ("graph ones which aren't database ones", "database"),
        ("which compiler papers are not survey papers?", "survey"),
        ("quantum papers that aren't about circuits, qubits or error correction?",
         "circuits | qubits | error correction"),
        ("learning papers, but not the ones whose focus is robustness or stability",
         "robustness | stability"),
        # read as topics asked for, the opposite
        ("I'm not interested in quantization. Which of Zhang's 2024 papers should I read?",
         "quantization"),
        ("Zhang's 2024 papers, but no quantization stuff", "quantization"),
        ("Graph neural network papers, please, but none about robustness", "robustness"),
        ("Quantization papers, none on language models", "language models"),
        ("Show me the GNN papers, but nothing on robustness", "robustness"),
        ("HPC papers, nothing related to networks", "networks"),
        # said after what is left out
        ("LLM papers, leave quantization out", "quantization"),
        ("FPGA papers, skip the LLM ones", "LLM"),
        ("Zhang's quantization papers, the binarized ones aside", "binarized"),
        ("graph papers sans robustness", "robustness"),
        # after a dash as after a comma
        ("model compression — but no pruning ones", "pruning"),
        ("GNN papers – nothing on robustness", "robustness"),
        ("compiler papers - but not FPGAs", "FPGAs"),
        ("graph papers — the database one crossed off", "database"),
        ("graph papers, the database one struck out", "database"),
        # taken away by a participle, or "-free", after what is left out
        ("language model papers, with the FPGA one taken out", "FPGA"),
        ("graph papers, the database ones taken out", "database"),
        ("quantum papers; ones dealing with circuits not wanted", "circuits"),
        ("weather papers - anything on ensembles filtered out", "ensembles"),
        # "but not Y", and a clause opening with "not X" that ends or goes on with "but"
        ("Papers on transformers but not language models", "language models"),
        ("Not image compression, but model compression", "image compression"),
        ("Not inference. Which papers speed up training?", "inference"),
        ("Hoefler 2022 papers, but not weather and not quantum", "weather | quantum"),
        # "X, not Y" ending its sentence
        ("Which paper is about pruning, not quantization?", "quantization"),
        ("the accelerator paper on GPUs, not FPGAs. Which one?", "FPGAs"),
        ("I need compiler work, not hardware", "hardware"),
        ("I don't care about graph neural networks; what did Zhang do on accelerators?",
         "graph neural networks"),
        ("leave out the weather stuff, what else did Hoefler do on machine learning?",
         "weather"),
        # what the asker does care about ends it
        ("I don't care about speed, only accuracy: which quantization paper is best?", "speed"),
    ],
)  # fmt: skip
def test_an_exclusion_is_read_whole(fake_engine: Engine, question: str, unwanted: str) -> None:
    assert fake_engine.router.intents.read(question).exclusions.topics == unwanted


@pytest.mark.parametrize(
    "question",
    [
        "artículos sobre compiladores, pero no sobre FPGA",
        "Papiere über Compiler, aber nicht über FPGA",
        "articles sur les compilateurs, mais pas sur les FPGA",
        "articoli sui compilatori, ma non sulle FPGA",
        "artigos sobre compiladores, mas não sobre FPGA",
        "artigos sobre compiladores, mas nao sobre FPGA",  # typed without its accents
        "编译器的论文，但不是关于FPGA的",
        "FPGA以外のコンパイラの論文",  # Japanese and Korean say "except" after what it
        "コンパイラの論文、ただしFPGAは除く",  # leaves out: read word by word, FPGA was
        "FPGA를 제외한 컴파일러 논문",  # asked for and the compilers left out
        # "but none": "keine", "ninguna", "aucun" and "nessun" had been read as topics,
        # and "sui" (on the) as a word of the topic
        "Compiler-Papers, aber keine FPGA",
        "artículos sobre compiladores, pero ninguna FPGA",
        "articles sur les compilateurs, mais aucun FPGA",
        "articoli sui compilatori, ma nessun FPGA",
    ],
)
def test_an_exclusion_in_another_language_is_read(fake_engine: Engine, question: str) -> None:
    # Each language's "but not" was dropped as a function word: FPGA was searched for.
    intent = fake_engine.router.intents.read(question)
    assert intent.exclusions.topics == "FPGA" and "fpga" not in intent.topic.casefold()


@pytest.mark.parametrize(
    "question",
    [
        "artículos sobre compiladores, pero no solo para FPGA",  # "not only": both
        "articles sur les compilateurs, mais pas seulement pour les FPGA",
        "Arbeiten über Compiler, aber nicht nur für FPGA",
        "articoli sui compilatori, ma non solo per FPGA",
        "artigos sobre compiladores, mas não só para FPGA",
        "un langage à part entière pour les FPGA",  # an idiom: "a language in its own right"
        "Arbeiten ausschließlich über FPGA",  # "exclusively about"
        "这不是关于FPGA的论文吗？",  # "isn't this a paper about FPGAs?"
    ],
)
def test_a_foreign_phrase_that_only_looks_like_leaving_out_leaves_nothing_out(
    fake_engine: Engine, question: str
) -> None:
    assert fake_engine.router.intents.read(question).exclusions.topics == ""


@pytest.mark.parametrize(
    "question",
    [
        "models where tokens skip whole layers",  # skipping is the topic
        "networks whose weights are plus or minus one",
        "quantization without retraining",
        "papers on training without labels",
        "apart from GPTQ, which papers quantize?",
        "pruning methods that remove those layers a model barely uses",  # removing is the topic
        "papers on how to remove the noise from images",
        "no prior work handles sparse formats; which papers do?",  # a statement
        "no rush, which papers are from 2023?",
        "papers that keep noise out of measurements",
        "models that skip the attention layers",
        "not only quantization but also pruning",
        "Not sure if this exists, but any papers on quantum circuits?",
        "not quantization, actual throughput please",  # a contrast without "but"
        "Jokes aside, which papers quantize LLMs?",  # an idiom, no papers set aside
        "Cost aside, which accelerators are fastest?",
        # hedges and descriptions, not exclusions
        "Not bad! Which paper does hop-wise attention on circuits?",
        "Not to be picky, but which papers are from 2024?",
        "Not everything is about LLMs, but which paper handles layer sparsity in LLMs?",
        "Which graph mining paper is fast but not exact?",
        # in brackets, ", not Y" says what a word means; and not "not just"
        "quantized language models (text, not vision) in 2023?",
        "papers on graph systems, not just GNNs",
        "which papers are not yet peer reviewed?",  # no kind of papers after "not"
        "methods that are not exact but fast: which papers?",
        # "keep X apart from Y" separates two things; it leaves nothing out
        "which language keeps the schedule apart from the kernels?",
        "a tool that holds compute apart from memory layout",
        "how do you tell real speedups apart from noise?",
        # what the asker could not find elsewhere is what they ask for
        "I searched arXiv, but nothing on photonic interconnects came up. Anything here?",
        "I googled a lot, but none about weather GNNs. Is there a paper here?",
    ],
)
def test_a_topic_that_sounds_like_leaving_out_is_kept(fake_engine: Engine, question: str) -> None:
    unwanted = fake_engine.router.intents.read(question).exclusions.topics
    assert unwanted in ("", "GPTQ")


@pytest.mark.parametrize(
    "question",
    [
        "a sort in n log n steps (not the typical n-squared cost)",
        "sparse attention, not the standard dense kind",
        "a model that runs on CPUs (not the conventional GPU setup)",
    ],
)
def test_a_contrast_with_the_common_kind_sets_no_paper_aside(
    fake_engine: Engine, question: str
) -> None:
    assert fake_engine.router.intents.read(question).exclusions.papers == ()


def test_the_usual_ones_are_still_papers_set_aside(fake_engine: Engine) -> None:
    intent = fake_engine.router.intents.read("graph papers, not the usual GNN ones")
    assert intent.exclusions.papers == ("usual GNN",)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("something like PRAM, except that messages cost energy", "messages cost energy"),
        ("like HammingMesh, except for quantum computers", "quantum computers"),
        ("similar to GPTQ except it works on graphs", "graphs"),
        ("a Halide-style language, except for sparse tensor formats", "sparse tensor formats"),
    ],
)  # fmt: skip
def test_the_difference_after_an_analogy_is_asked_not_left_out(
    fake_engine: Engine, question: str, asked: str
) -> None:
    intent = fake_engine.router.intents.read(question)
    assert intent.exclusions.topics == ""
    assert asked in intent.topic


@pytest.mark.parametrize(
    ("question", "unwanted"),
    [
        ("papers like GPTQ, except the ones about language models", "language models"),
        ("anything like Allo, except those on FPGAs", "FPGAs"),
        ("something like Allo except GNN ones", "GNN"),
        ("papers like FPGAs, except for those with Python", "Python"),
        ("papers like Allo, except for UniSparse", "UniSparse"),
        ("papers on hardware like FPGAs and GPUs, except for GPUs", "GPUs"),
        ("I'd really like papers on graph learning except for robustness", "robustness"),
    ],
)  # fmt: skip
def test_papers_named_after_an_analogys_except_are_still_left_out(
    fake_engine: Engine, question: str, unwanted: str
) -> None:
    assert unwanted in fake_engine.router.intents.read(question).exclusions.topics


@pytest.mark.parametrize(
    ("question", "left"),
    [
        # each had been read as the year asked for: the papers of that year only
        ("Which papers are about GPUs? Nothing from 2022 though.", "2022"),
        ("GPU papers, none from 2022 please", "2022"),
        ("LLM papers, skip anything from 2024", "2024"),
        ("- LLM papers\n- skip anything from 2024", "2024"),
        ("LLM papers but ignore anything from 2024", "2024"),
    ],
)
def test_a_year_with_nothing_or_anything_to_skip_is_left_out(
    fake_engine: Engine, question: str, left: str
) -> None:
    intent = fake_engine.router.intents.read(question)
    assert intent.exclusions.years == (left,) and intent.years is None


@pytest.mark.parametrize(
    "question",
    [
        "Bet there's nothing from 2024 in here. Or is there?",
        "I bet Zhang published nothing in 2023, right? Which are from 2023?",
        "how many papers did zhang drop in 2023",  # "drop" as in release
    ],
)
def test_a_year_said_of_what_was_written_is_not_left_out(
    fake_engine: Engine, question: str
) -> None:
    assert not fake_engine.router.intents.read(question).exclusions.years


def test_a_year_after_an_analogys_except_is_still_left_out(fake_engine: Engine) -> None:
    intent = fake_engine.router.intents.read("papers like GPTQ except for 2023")
    assert intent.exclusions.years == ("2023",) and intent.years is None


@pytest.mark.parametrize(
    ("question", "unwanted"),
    [
        ("Skip anything that is about robotics — which papers cover compilers?", "robotics"),
        ("Quantization papers not about language models – what else is there?",
         "language models"),
        ("everything except GPTQ: which ones use FPGAs?", "GPTQ"),
        ("graph papers, leave out the ones on databases - is any on molecules?", "databases"),
        ("papers not about weather—which ones are about graphs?", "weather"),
        # an en dash inside a word is no end of the clause
        ("which graph papers are not about GNN–based robustness?", "GNN based robustness"),
    ],
)  # fmt: skip
def test_an_exclusion_ends_at_a_dash_or_colon(
    fake_engine: Engine, question: str, unwanted: str
) -> None:
    intent = fake_engine.router.intents.read(question)
    assert intent.exclusions.topics == unwanted
    assert intent.topic  # the ask after it is still asked


def test_not_only_leaves_nothing_out(fake_engine: Engine) -> None:
    intent = fake_engine.router.intents.read("Not only quantization but also pruning?")
    assert intent.exclusions.topics == "" and "quantization" in intent.topic  # not "not on ly"


@pytest.mark.parametrize(
    ("question", "set_aside"),
    [
        ("Not FLIQS, the other quantization paper: which one uses t-distributions?",
         ("FLIQS",)),
        ("It's not the pruning one and not the HLS compiler paper; it's the one on scheduling",
         ("pruning", "HLS compiler")),
        ("the FPGA paper, and not the Python one — what did it measure?", ("Python",)),
        ("Which papers cover compilers? Not the sparse one.", ("sparse",)),
        # "but" ends what is set aside: it had set aside "Python one but the FPGA one"
        ("Which paper on compilers? Not the Python one but the FPGA one.", ("Python",)),
        ("not either graph paper/database paper, the one on weather", ("graph", "database")),
        ("graph papers other than the one on databases?", ("databases",)),
        ("compilers, except the paper that targets FPGAs", ("targets FPGAs",)),
    ],
)  # fmt: skip
def test_a_paper_set_aside_by_not_is_read_as_one_paper(
    fake_engine: Engine, question: str, set_aside: tuple[str, ...]
) -> None:
    intent = fake_engine.router.intents.read(question)
    assert intent.exclusions.papers == set_aside
    assert not any(word in intent.topic for name in set_aside for word in name.split())


@pytest.mark.parametrize(
    "question",
    [
        "I'm not sure which paper covers RDMA, can you help?",
        "papers that do not use retraining for compression?",
        "Not really a paper question, but who wrote Allo?",
        "which papers are not the ones about weather?",  # a topic, read as one
        # "not the" before a part of the paper asked about, not a paper
        "Tell me about ENS-10. Not the dataset details, the benchmark results.",
        "Explain GPTQ, not the math, just the idea",
        "How do GPTQ and FLIQS differ? not the GPTQ details, just the big picture",
        "It's not the case that GPTQ needs retraining, right?",
        # "not the X but Y" that says what matters, with no noun for a paper: it had set
        # aside the paper best matching X, and the right one went with it
        "It is not the speed of the chip but its memory that counts. Which paper uses HBM?",
        "not the number of layers but their width matters: any paper on wide networks?",
    ],
)
def test_not_before_no_paper_sets_none_aside(fake_engine: Engine, question: str) -> None:
    assert fake_engine.router.intents.read(question).exclusions.papers == ()


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("weather papers, leave ENS-10 out", "ENS-10"),
        ("quantization papers, GPTQ excluded", "GPTQ"),
        ("weather sans ENS-10", "ENS-10"),
    ],
)
def test_a_listed_paper_left_out_after_its_name_leaves_the_answer(
    fake_engine: Engine, question: str, named: str
) -> None:
    # It was searched for: the one paper the question left out came first.
    answer = fake_engine.ask(question)
    assert named not in " ".join(r.paper.title for r in answer.results + answer.more)
    assert any(named in note for note in answer.notes)


def test_a_topic_left_out_that_narrows_the_asked_one_leaves_out_only_its_kind(
    fake_engine: Engine,
) -> None:
    # The search for "image compression" also finds model compression papers: all of
    # them were left out, and the answer abstained.
    answer = fake_engine.ask("Show me everything about compression, but not image compression.")
    titles = [r.paper.title for r in answer.results + answer.more]
    assert titles and not any("Image Compression" in title for title in titles)


def test_a_topic_no_answered_paper_was_found_about_is_said_so_as_found(engine: Engine) -> None:
    # It said "None of these papers is about", as a fact: the search decides what is.
    answer = engine.ask("graph neural network papers, but not the ones about weather")
    assert answer.results
    assert (
        answer.notes[-1] == "No paper here was found to be about “weather”, so none was left out."
    )


@pytest.mark.parametrize(
    ("question", "first"),
    [
        # the paper asked for mentions Y only to set itself against it
        ("Which paper is about graph transformers, not GNNs?", "Polynormer"),
        ("Which paper does software-based attestation, not hardware?", "SAGE"),
        ("Which graph mining paper is approximate, not exact?", "ProbGraph"),
    ],
)
def test_a_contrast_keeps_the_papers_about_what_it_asks_instead(
    engine: Engine, question: str, first: str
) -> None:
    # "X, not Y" had left out every paper about Y, the one about X that compares itself
    # with Y included, and abstained or answered with another paper
    answer = engine.ask(question)
    assert not answer.abstained and answer.results[0].paper.title.startswith(first)


def test_a_contrast_still_leaves_out_what_is_only_about_the_other(engine: Engine) -> None:
    answer = engine.ask("Which paper prunes GPT weights in one shot? Pruning, not quantization.")
    assert "Left out 1 paper about “quantization”." in answer.notes
    assert not any(r.paper.title.startswith("GPTQ") for r in answer.results + answer.more)


def test_a_contrast_says_which_papers_it_kept_though_they_are_about_the_other(
    engine: Engine,
) -> None:
    # It said "No paper here was found to be about “GNNs”, so none was left out", though
    # the paper shown is about GNNs too
    answer = engine.ask("Which paper is about graph transformers, not GNNs?")
    assert answer.notes == ("Kept 1 paper about “GNNs” that is about “graph transformers” too.",)


@pytest.mark.parametrize(
    "question",
    [
        # the papers asked for, narrowed to a kind of them: "ones" points back at them
        "quantization papers, not the LLM ones",
        "quantization papers, not LLM ones",
        # what is left out is a kind of what is asked: every word of "graph" is in
        # "graph neural networks"
        "graph papers, not GNNs",
        # an acronym typed in lower case is read as in capitals ("llm" had found two
        # papers, not GPTQ, and "gnns" none)
        "quantization papers, not the llm ones",
        "graph papers, not gnns",
    ],
)
def test_a_contrast_with_a_kind_of_the_papers_asked_leaves_that_kind_out(
    engine: Engine, question: str
) -> None:
    # The papers a search for the first half finds had all been kept: nothing was left out
    answer = engine.ask(question)
    titles = [r.paper.title for r in answer.results + answer.more]
    assert titles and any(note.startswith("Left out") for note in answer.notes)
    assert not any(t.startswith(("GPTQ", "Polynormer", "GARNET")) for t in titles)


@pytest.mark.parametrize(
    ("question", "gone"),
    [("weather papers, not datasets", "ENS-10"),
     ("networking papers, not RDMA", "Efficient RDMA"),
     ("quantum computing, not quantum advantage", "Assessing requirements"),
     # taken away by a participle after the ask (each had listed the papers it took away)
     ("language model papers, with the FPGA one taken out", "FPGA"),
     ("graph papers, with the database ones left out", "Database")],
)  # fmt: skip
def test_a_topic_left_out_leaves_out_the_paper_whose_title_names_it(
    engine: Engine, question: str, gone: str
) -> None:
    # A contrast's had been kept, with "Kept 1 paper about ... that is about ... too"
    answer = engine.ask(question)
    titles = [r.paper.title for r in answer.results + answer.more]
    assert titles and not any(gone in title for title in titles)
    assert any(note.startswith("Left out 1 paper") for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "subjects", "years"),
    [
        # a year after a bare comma is asked for, not left out with the subject before it
        ("GPU papers not in cs.LG, from 2024", ("cs.LG",), (2024, 2024)),
        ("subject is not equal to cs.LG, from 2024", ("cs.LG",), (2024, 2024)),
        # a subject code said aloud is left out as a written one is
        ("2024 papers not in cs dot lg", ("cs.LG",), (2024, 2024)),
        ("graph papers excluding cs dot DC", ("cs.DC",), None),
        ("papers whose subject does not equal cs.DC", ("cs.DC",), None),
    ],
)  # fmt: skip
def test_a_subject_left_out_is_read_however_it_is_written(
    fake_engine: Engine, question: str, subjects: tuple, years: tuple | None
) -> None:
    intent = fake_engine.router.intents.read(question)
    assert intent.exclusions.subjects == subjects
    assert (intent.years and (intent.years.start, intent.years.end)) == years


@pytest.mark.parametrize(
    "question",
    ["Hoefler's 2023 papers that are not about machine learning",
     "which of Hoefler's papers from 2023 aren't on machine learning?"],
)  # fmt: skip
def test_a_field_left_out_as_a_topic_leaves_out_its_subject_and_its_papers(
    engine: Engine, question: str
) -> None:
    # Before, "not about machine learning" left out the cs.LG papers alone, and kept a
    # paper on neural networks filed elsewhere; read as a topic alone, it kept most of
    # the cs.LG papers (their abstracts seldom say "machine learning").
    answer = engine.ask(question)
    shown = [r.paper for r in answer.results + answer.more]
    assert shown and not any("cs.LG" in p.subjects for p in shown)
    assert not any("Neural" in p.title for p in shown)
    assert any("in cs.LG" in n for n in answer.notes)
    assert any("about “machine learning”" in n for n in answer.notes)


@pytest.mark.parametrize(
    "question",
    ["which paper cuts the error of QoR prediction, with GNNs removed from the flow?",
     "the paper whose method is multiplier-free, which one?"],
)  # fmt: skip
def test_what_a_paper_does_is_no_exclusion(fake_engine: Engine, question: str) -> None:
    assert not fake_engine.router.intents.read(question).exclusions.topics


@pytest.mark.parametrize(
    ("question", "years", "subjects", "authors"),
    [  # left out after the ask: a year, a subject, an author, not asked for
        ("cs.LG papers, the 2024 ones removed", ("2024",), (), ()),
        ("Hoefler's 2022 papers with cs.DC ones left out", (), ("cs.DC",), ()),
        ("GPU papers with Zhang's ones excluded", (), (), ("Zhiru Zhang",)),
        # after a dash, spaced or not
        ("cs.LG papers -- but no 2023", ("2023",), (), ()),
        # another language's "not in" inside an English question
        ("Graph papers nicht in cs.DC", (), ("cs.DC",), ()),
        ("papers about FPGAs, no están en cs.AR", (), ("cs.AR",), ()),
        ("Papers about graphs pas dans cs.LG", (), ("cs.LG",), ()),
        ("FPGA papers que no sean de Zhang", (), (), ("Zhiru Zhang",)),
    ],
)  # fmt: skip
def test_fields_left_out_in_unusual_grammar_are_not_asked_for(
    fake_engine: Engine, question: str, years: tuple, subjects: tuple, authors: tuple
) -> None:
    # Each had been read as asking for the very year, subject or author it left out.
    intent = fake_engine.router.intents.read(question)
    left = intent.exclusions
    assert (left.years, left.subjects, left.authors) == (years, subjects, authors)
    assert (intent.people.author is None or not authors) and not set(intent.subjects) & set(
        subjects
    )
    assert intent.years is None or str(intent.years.start) not in years


def test_a_topic_left_out_after_an_unspaced_dash_is_left_out(fake_engine: Engine) -> None:
    assert (
        fake_engine.router.intents.read("compiler papers—but no FPGAs").exclusions.topics == "FPGAs"
    )
