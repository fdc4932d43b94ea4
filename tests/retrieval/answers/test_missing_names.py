"""Names with a version or a size ("GPT-5", "OPT-175B"), names closed up from words the
list has apart, a name asked about by a pronoun, and a name of a layer, kernel or
format: said missing only when the list lacks them."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.models import UNSURE, Answer
from retrieval.query.named_things import absent


def papers(answer: Answer) -> list[str]:
    return [r.paper.title for r in answer.results + answer.more]


def says_missing(answer: Answer, name: str) -> bool:
    return answer.abstained and bool(answer.notes) and f"“{name}”" in answer.notes[0]


@pytest.mark.parametrize(
    ("question", "name"),
    [
        # the list has "GPT" and "ENS-10": the number was dropped, and the first two
        # were answered surely with a GPT paper and the ENS-10 dataset
        ("Which paper introduced the GPT-5 model?", "GPT-5"),
        ("Which paper introduces the ENS-20 dataset?", "ENS-20"),
        ("which paper quantizes Llama-3 models?", "Llama-3"),
        ("summarize the ResNet-152 results", "ResNet-152"),
        # a size after a space is the name's too: the abstracts have LLaMA2-7B only
        ("which paper evaluates Llama-2 13B?", "Llama-2 13B"),
        # and a version word: the note had named "v4" alone
        ("the TPU v4 pods paper", "TPU v4"),
        # the version typed apart: "GPT" and "4" are each in the corpus, and the first
        # two were answered surely with GPTQ and ENS-10
        ("Which paper evaluates GPT 4?", "GPT-4"), ("Which paper uses ENS 20?", "ENS-20"),
        ("Which paper uses ResNet 34?", "ResNet-34"),
    ],
)  # fmt: skip
def test_a_name_with_a_number_the_list_lacks_is_said_missing(
    engine: Engine, question: str, name: str
) -> None:
    assert says_missing(engine.ask(question), name)


@pytest.mark.parametrize(
    ("question", "listed"),
    [
        # the abstracts write "GPT2", "ResNet-18", and "OPT" with "175 billion"
        ("Which papers run GPT-2 on an FPGA?", "Understanding the Potential of FPGA"),
        ("which paper quantizes OPT-175B to 3 bits?", "GPTQ"),
        ("Is the ResNet-18 model used in the mixed-precision search work?", "FLIQS"),
        ("which paper evaluates OPT 66B?", "Radial Networks"),
        ("Which paper uses ResNet 50?", "FLIQS"), ("Which paper uses ENS 10?", "ENS-10"),
    ],
)  # fmt: skip
def test_a_listed_name_with_its_number_or_size_is_answered(
    engine: Engine, question: str, listed: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith(listed)


def test_a_name_closed_up_from_words_the_list_has_apart_is_said_missing(
    engine: Engine,
) -> None:
    # "sparse" and "GPT" are both in the abstracts, never as "sparse GPT".
    assert says_missing(engine.ask("Is SparseGPT in the list?"), "SparseGPT")


@pytest.mark.parametrize(
    "question",
    [
        "'FooNet Turns Three' - for the lab blog: which papers quantize large language models?",
        '"The FooNet Summer" - draft title for Friday: how many of Zhiru Zhang\'s papers are listed?',
    ],
)
def test_a_headline_before_the_clause_that_asks_is_not_said_missing(
    engine: Engine, question: str
) -> None:
    # A title of the asker's own, before " - ... :", was read as a name the question is
    # built on: "No listed paper mentions “FooNet”", and nothing listed.
    answer = engine.ask(question)
    assert not says_missing(answer, "FooNet") and (answer.results or answer.author)


@pytest.mark.parametrize(
    "question",
    ["FooNet: which paper introduced it?", "FooNet - which listed paper presents it?"],
)
def test_a_name_before_a_clause_that_points_back_at_it_is_said_missing(
    engine: Engine, question: str
) -> None:
    assert says_missing(engine.ask(question), "FooNet")


@pytest.mark.parametrize(
    "question",
    [
        "I keep hearing about FooNet, a tiny vision model. Which paper introduced it?",
        "FooNet came up in our reading group. Can you summarize it?",
        "FooNet: a pruning tool for GPT models. Which listed paper presents it?",
    ],
)
def test_a_name_asked_about_by_a_pronoun_is_said_missing(engine: Engine, question: str) -> None:
    assert says_missing(engine.ask(question), "FooNet")


@pytest.mark.parametrize(
    "question",
    [
        # the name was a third of the topic: a hedged list of papers on other tuning
        "anything on FooNet fine-tuning?",
        "got something about FooNet style adapters for large models?",
    ],
)
def test_a_name_that_opens_the_topic_asked_for_is_said_missing(
    engine: Engine, question: str
) -> None:
    assert says_missing(engine.ask(question), "FooNet")


@pytest.mark.parametrize(
    "question",
    [
        # the name was a third of the topic ("using foonet adapters"): a silent abstention
        "papers using FooNet adapters",
        "which listed works apply the FooNet kernels?",
        "anything built on the FooNet runtime?",
    ],
)
def test_a_name_the_papers_asked_for_would_use_is_said_missing(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert says_missing(answer, "FooNet")
    # once: the reply's heading says the closest papers follow ("the closest papers:"
    # had come right before "Closest, but not a match:")
    assert answer.notes[0] == "No listed paper mentions “FooNet”."


def test_a_name_used_for_a_topic_the_question_goes_on_to_ask_is_a_detail(
    engine: Engine,
) -> None:
    # what follows the name asks more than the name: the rest is searched
    answer = engine.ask("papers using FooNet to quantize GPT models to 3 or 4 bits")
    assert not answer.abstained and answer.results[0].paper.title.startswith("GPTQ")
    # ... and so does a use told before the sentence that asks
    told = engine.ask("Nobody uses FooNet now. Which paper quantized GPT models to 3 bits first?")
    assert not any("FooNet" in note for note in told.notes)
    # ... and so does the asker's own use, in the clause before the ask
    for question in [
        "We run on FooNet clusters, so which paper quantizes GPT models?",
        "Which paper quantizes GPT models to 4 bits, the way we use FooNet?",
    ]:
        ours = engine.ask(question)
        assert not any("FooNet" in note for note in ours.notes)
        assert ours.results and ours.results[0].paper.title.startswith("GPTQ")


def test_a_name_in_the_background_of_another_ask_is_not_said_missing(engine: Engine) -> None:
    answer = engine.ask(
        "We run FooNet on our cluster. Which paper would help quantize its GPT models?"
    )
    assert not any("FooNet" in note for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "name"),
    [
        # the rest of each question matches a listed paper: it was shown hedged or sure
        ("Which paper speeds up LLM decoding on FPGAs with the FlashKV kernel?", "FlashKV"),
        ("which graph transformer paper uses the HopNorm layer to scale to millions of nodes?",
         "HopNorm"),
    ],
)  # fmt: skip
def test_a_name_given_to_a_layer_or_kernel_the_list_lacks_is_said_missing(
    engine: Engine, question: str, name: str
) -> None:
    assert says_missing(engine.ask(question), name)


@pytest.mark.parametrize(
    ("question", "name"),
    [
        # one listed paper uses each as a benchmark or a baseline, and was answered surely
        ("Which paper introduced PolyBench?", "PolyBench"),
        ("Who proposed Megatron-LM?", "Megatron-LM"),
        # three capitals are a name when its origin is asked
        ("Who proposed the MKL library?", "MKL"),
        # UniSparse develops a compiler "leveraging the MLIR infrastructure": it uses
        # MLIR, and was answered surely as the paper that introduced it
        ("Which paper introduced MLIR?", "MLIR"),
        ("Is the original MLIR paper in this list?", "MLIR"),
        # the verb in the present; a name that is also an everyday word, with its kind
        ("which paper proposes PolyBench", "PolyBench"),
        ("who invented Bloom filters?", "Bloom filters"),
    ],
)
def test_the_origin_of_a_name_no_listed_paper_has_is_not_in_the_list(
    engine: Engine, question: str, name: str
) -> None:
    answer = engine.ask(question)
    assert answer.abstained and answer.notes[0] == f"No listed paper is the “{name}” paper."


@pytest.mark.parametrize(
    ("question", "listed"),
    [
        ("Which paper introduced HammingMesh?", "HammingMesh"),
        ("who proposed SAGMAN?", "SAGMAN"),
        ("Which paper introduced QFX quantization?", "Trainable Fixed-Point"),
        ("Which paper introduced QFX?", "Trainable Fixed-Point"),
        ("Which paper proposed the UniSparse intermediate language?", "UniSparse"),
        ("which paper introduces Polynormer?", "Polynormer"),
        # a paper that uses a name is "the X paper" when its origin is not asked
        ("what did the NeuroSim paper find about ADC resolution?", "Comprehensive"),
    ],
)
def test_the_origin_of_a_listed_papers_name_is_that_paper(
    engine: Engine, question: str, listed: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith(listed)


@pytest.mark.parametrize(
    ("question", "source", "listed"),
    [
        # the list records no affiliations: these were answered with no word of the source
        ("the Google paper on weather forecasting", "Google", "ENS-10"),
        ("a paper from Stanford on RDMA protocols", "Stanford", "Efficient RDMA"),
    ],
)
def test_a_source_the_list_never_mentions_is_said_over_the_papers(
    engine: Engine, question: str, source: str, listed: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained and papers(answer)[0].startswith(listed)
    assert f"No listed paper mentions “{source}”; these papers match" in " ".join(answer.notes)


@pytest.mark.parametrize(
    ("question", "source"),
    [
        ("Which Stanford papers are about FPGAs?", "Stanford"),
        ("Which papers from Apple study quantization?", "Apple"),
        ("Which papers from ETH are on FPGAs?", "ETH"),  # short capitals: no name checked
    ],
)
def test_a_list_said_to_come_from_a_source_in_everyday_words_shows_its_topic_unsure(
    engine: Engine, question: str, source: str
) -> None:
    # The source's word, in no abstract, made the whole list look unanswerable: it
    # abstained with no word of why.
    answer = engine.ask(question)
    assert not answer.abstained and UNSURE in answer.notes
    assert f"No listed paper mentions “{source}”; these papers match" in answer.notes[0]
    word = "Quantization" if source == "Apple" else "FPGA"
    assert all(word in r.paper.title for r in answer.results[:2])


@pytest.mark.parametrize(
    ("question", "name"),
    [
        # the word names the kind of thing asked about: the topic, which no paper has
        ("Which papers use the Julia language?", "Julia"),
        ("Which papers are about the Spark engine?", "Spark"),
        # after "by", an author the list does not have
        ("Which papers by Rose study scheduling?", "Rose"),
    ],
)
def test_an_everyday_word_that_is_the_topic_or_an_author_is_no_source(
    engine: Engine, question: str, name: str
) -> None:
    # Read as a source, the rest ("language", "scheduling") was shown as the answer.
    answer = engine.ask(question)
    assert answer.abstained
    assert answer.notes == (f"No listed paper mentions “{name}”.",)


def test_one_paper_said_to_come_from_a_source_in_everyday_words_says_it_is_unmentioned(
    engine: Engine,
) -> None:
    answer = engine.ask("The Stanford paper on FPGAs?")
    assert answer.abstained and answer.closest
    assert answer.notes == ("No listed paper mentions “Stanford”.",)


def test_a_paper_described_in_detail_beside_a_name_the_list_lacks_is_shown_unsure(
    engine: Engine,
) -> None:
    # The name may be the lab it came from, which the list does not record: it had
    # abstained, the paper the description fits only among the closest.
    answer = engine.ask(
        "That Initech Research paper on checking the integrity of GPU computations in "
        "software, without any trusted hardware support. What is it called?"
    )
    assert not answer.abstained and papers(answer)[0].startswith("SAGE")
    assert "No listed paper mentions “Initech Research”" in answer.notes[0]
    assert UNSURE in answer.notes
    # a name with a short topic is still what the question is built on
    assert says_missing(engine.ask("the FooNet paper on quantization?"), "FooNet")
    assert says_missing(
        engine.ask("Summarize the FooNet paper from Zhang's group on compact image classifiers."),
        "FooNet",
    )


@pytest.mark.parametrize(
    "question",
    [
        "Which Initech papers here are about weather forecasting?",
        "All the weather papers from the Initech Labs group, please.",
        "The Initech-authored weather papers, every one of them.",
        "Which papers did Initech Research write on weather prediction?",
    ],
)
def test_a_list_said_to_come_from_a_lab_the_list_lacks_shows_its_topic_unsure(
    engine: Engine, question: str
) -> None:
    # They abstained: the list records no labs, so the name could not be checked, and
    # the weather papers were shown only as the closest.
    answer = engine.ask(question)
    assert not answer.abstained and UNSURE in answer.notes
    assert any("Weather" in title or "Ensemble" in title for title in papers(answer)[:2])
    assert "the list does not record labs or affiliations" in answer.notes[0]


@pytest.mark.parametrize(
    "question",
    [
        "anything on FooNet kernels for weather models?",
        "Which Initech papers are listed?",
        "Which papers use results from the FooBench benchmark on weather?",
    ],
)
def test_a_name_that_is_the_topic_of_a_list_still_finds_no_paper(
    engine: Engine, question: str
) -> None:
    assert engine.ask(question).abstained


@pytest.mark.parametrize(
    "question",
    ["any Graph Neural Network papers?", "show me all Graph Neural Network listings"],
)
def test_a_name_the_abstracts_write_in_the_plural_is_mentioned(
    engine: Engine, question: str
) -> None:
    # the abstracts write "graph neural networks" only: the singular name had been said
    # missing, and the GNN papers shown as the closest only
    answer = engine.ask(question)
    assert not answer.abstained and not any("mentions" in note for note in answer.notes)
    assert any("Graph Neural" in title for title in papers(answer))


def test_a_maker_typed_in_lower_case_is_no_topic_the_list_lacks(engine: Engine) -> None:
    # "meta" is in no abstract: as a topic it had weighed against OPT, and the list
    # question abstained; who made a model is seldom written beside its name
    answer = engine.ask("has anyone here run experiments on meta's OPT models?")
    assert not answer.abstained
    assert {"GPTQ", "Radial Networks"} <= {title.split(":")[0] for title in papers(answer)}


@pytest.mark.parametrize(
    "question", ["List every paper on quantization", "Which paper quantizes GPT models?"]
)
def test_an_imperative_or_a_plain_question_names_no_source(engine: Engine, question: str) -> None:
    assert not any("match the rest" in note for note in engine.ask(question).notes)


@pytest.mark.parametrize(
    ("question", "word"),
    [
        # a topic of the list, then a word some paper uses: a description; the first
        # had been told "No listed paper is the “GNN-robustness” paper"
        ("Is there a GNN-robustness paper here?", "robust"),
        ("any HPC-cloud paper?", "cloud"),  # a field's abbreviation, one paper's word
        ("Which paper is the FPGA-mapping one for LLMs?", "FPGA"),
    ],
)  # fmt: skip
def test_a_topic_hyphened_to_a_word_the_list_uses_is_searched(
    engine: Engine, question: str, word: str
) -> None:
    answer = engine.ask(question)
    first = answer.results[0] if answer.results else None
    assert not answer.abstained and first is not None
    paper = engine.lookup.index.papers[first.paper.id]
    assert word.casefold() in f"{paper.title} {paper.abstract}".casefold()


@pytest.mark.parametrize(
    ("question", "name"),
    [("Is there a GNN-blockchain paper?", "GNN-blockchain"),  # no paper says "blockchain"
     ("Which paper is the Megatron-LM paper?", "Megatron-LM")],  # a name, in capitals
)  # fmt: skip
def test_a_hyphened_name_the_list_lacks_is_still_no_listed_paper(
    engine: Engine, question: str, name: str
) -> None:
    assert says_missing(engine.ask(question), name)


@pytest.mark.parametrize(
    ("question", "name"),
    [("papers by Tal Ben-Nun", "Tal Ben-Nun"),  # the note had said "Tal Ben"
     ("the Smith-Jones paper on graph mining", "Smith-Jones")],
)  # fmt: skip
def test_a_double_barrelled_name_the_list_lacks_is_said_missing_whole(
    engine: Engine, question: str, name: str
) -> None:
    assert says_missing(engine.ask(question), name)


@pytest.mark.parametrize(
    ("question", "name"),
    [("what did Jean-Luc Picard write on HPC?", "Jean-Luc Picard"),  # had said "Jean-Luc"
     # what someone wrote names an author, as "papers by" does: it had said the list
     # records no labs, as if the name were where the papers came from
     ("what did Ada Lovelace publish on graphs?", "Ada Lovelace")],
)  # fmt: skip
def test_what_a_person_the_list_lacks_wrote_is_said_no_listed_author(
    engine: Engine, question: str, name: str
) -> None:
    answer = engine.ask(question)
    assert answer.notes[0] == f"No listed author is named “{name}”."


@pytest.mark.parametrize(
    ("question", "name", "answered"),
    [
        ("Is Chinchilla on this list? How does it compare with HammingMesh?", "Chinchilla",
         "HammingMesh"),
        ("What does SAGE attest? Is there anything on Nitro Enclaves?", "Nitro Enclaves",
         "SAGE"),
        ("What does Polynormer do? And is Exphormer in the list?", "Exphormer", "Polynormer"),
    ],
)  # fmt: skip
def test_a_name_the_list_lacks_asked_about_apart_is_said_missing_beside_the_answer(
    engine: Engine, question: str, name: str, answered: str
) -> None:
    # The listed paper named in the other sentence was answered, and the missing name
    # went unsaid.
    answer = engine.ask(question)
    assert papers(answer)[0].startswith(answered)
    assert f"No listed paper mentions “{name}”." in answer.notes


@pytest.mark.parametrize(
    "question",
    [
        "We run Chinchilla in our lab. How does HammingMesh route traffic?",  # no ask
        "WTFAQ? Is Allo a programming model?",  # a label standing alone
    ],
)
def test_a_name_the_list_lacks_that_no_ask_is_about_adds_no_note(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert not any(note.startswith("No listed paper") for note in answer.notes)


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Describe Combinatorial Scheduling at Scale.", "Differentiable Combinatorial"),
        ("Explain Semantic Image Compression.", "Exploring the Limits of Semantic"),
    ],
)
def test_a_title_after_an_asking_verb_that_opens_the_sentence_is_found(
    engine: Engine, question: str, first: str
) -> None:
    # The verb's capital joined it to the name: "No listed paper mentions “Summarize ...”"
    answer = engine.ask(question)
    assert papers(answer)[0].startswith(first)
    assert not any(note.startswith("No listed paper") for note in answer.notes)


def test_a_missing_name_after_an_asking_verb_is_said_without_the_verb(engine: Engine) -> None:
    answer = engine.ask("Summarize Slim Fly Routing.")
    assert says_missing(answer, "Slim Fly Routing")


def test_a_name_that_carries_a_number_takes_no_version_typed_apart(engine: Engine) -> None:
    # "80" is the memory's size, not a version of the A100 ("A100-80"); "GPT 4" is one
    vocabulary = engine.router.searcher.vocabulary
    assert absent("which paper runs on the A100 80 GB GPU?", vocabulary) == []
    assert [a.name for a in absent("which paper runs GPT 4?", vocabulary)] == ["GPT-4"]


def test_the_number_of_a_list_item_is_no_version(engine: Engine) -> None:
    # "1) papers on LLMs 2) papers on ..." said "No listed paper mentions “LLMs-2”"
    vocabulary = engine.router.searcher.vocabulary
    assert absent("1) papers on LLMs 2) papers on graph transformers", vocabulary) == []
    answer = engine.ask("1) papers on LLMs 2) papers on graph transformers")
    assert not answer.abstained and not any("LLMs-2" in note for note in answer.notes)


def test_a_versioned_name_with_an_author_is_no_paper_writing_its_parts_apart(
    engine: Engine,
) -> None:
    # GPTQ writes "GPT" and "4" apart; it was answered "this one does [mention GPT-4],
    # by Torsten Hoefler" for a question about Zhang.
    answer = engine.ask("which Zhang paper trained GPT-4 from scratch on FPGAs")
    assert not any("GPTQ" in title for title in papers(answer))
    assert not any("this one does" in note for note in answer.notes)
    named = engine.ask("did Zhang write HammingMesh?")  # the name written whole still is
    assert papers(named)[:1] == [engine.paper("HammingMesh").paper.title]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a paper the list lacks, said before an ask for listed papers on another topic:
        # the reply had said no listed paper is that paper, and shown nothing
        ("I just finished the Chinchilla paper; which of our papers quantize language "
         "models?", "GPTQ: Accurate Post-Training Quantization"),
        ("The Acme paper introduced a new graph benchmark. Which of these papers train "
         "graph neural networks?", "Polynormer"),
        ("Reading the Megatron-LM paper, which listed papers model weather forecasts?",
         "ENS-10"),
        # an ask of few words of its own, and the name typed in lower case: it had said
        # no listed paper is that paper
        ("I just finished the Chinchilla paper. Which papers are about GNNs?", "SAGMAN"),
        ("so i read the chinchilla paper lol. any papers on quantization here?", "GPTQ"),
    ],
)  # fmt: skip
def test_a_paper_the_list_lacks_said_before_the_ask_is_context(
    engine: Engine, question: str, expected: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained
    assert any(title.startswith(expected) for title in papers(answer))
    assert not any(note.startswith("No listed paper is") for note in answer.notes)


@pytest.mark.parametrize(
    "question",
    [
        "I just finished the Chinchilla paper. Is it listed?",
        "Someone cited the Chinchilla paper today; which listed paper is it?",
        "The Megatron-LM paper. Do we have it?",
        # the ask points at it after words of its own, or asks for one paper again
        "I just finished the Chinchilla paper. Which of our papers train models like that one?",
        "I just finished the Chinchilla paper. Do you have the paper on scaling laws?",
    ],
)
def test_a_paper_the_list_lacks_that_the_ask_points_at_is_still_missing(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert answer.abstained and not answer.results
    assert any("No listed paper" in note for note in answer.notes)
