"""What a user sees from ``ask``: the right papers, verbatim quotes, abstentions, filters.

``rank`` is a pure function of per-paper signals and is tested on hand-made ones; the
answer tests that depend on the model's vectors use ``engine`` (marked ``model``), the
others the fake embedder's ``fake_engine``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.errors import QueryError
from retrieval.index.embedding import Embedder
from retrieval.index.vocabulary import Vocabulary
from retrieval.models import Answer, Filters
from retrieval.search.decision import Signals, calibrate, rank
from retrieval.search.searcher import check_question
from retrieval.text import WORDS, fold

DEFAULTS = RetrievalSettings()  # vector_weight 0.3, relevance_ratio 0.7, abstain_below 0.35


def titles(answer) -> list[str]:
    return [r.paper.title for r in answer.results + answer.more]


@pytest.mark.parametrize("mode", ["bm25", "vector", "hybrid"])
def test_specific_question_finds_its_paper_in_every_mode(engine: Engine, mode: str) -> None:
    answer = engine.ask("one-shot post-training weight quantization of GPT models", mode=mode)
    assert not answer.abstained and answer.mode == mode
    assert titles(answer)[0].startswith("GPTQ")


def test_hybrid_finds_what_only_the_words_give_away(engine: Engine) -> None:
    # The GPTQ abstract never says "LLM"; vector search alone prefers an LLM-formats paper.
    answer = engine.ask("which papers quantize LLMs to 4 bits?")
    assert titles(answer)[0].startswith("GPTQ")


@pytest.mark.parametrize(
    "question",
    [
        # The reply once listed HammingMesh first for a long everyday question like these,
        # though it ranked the image-compression paper first.
        "what if my phone described a photo in words and the other phone painted it back "
        "with AI, how tiny could the message be?",
        "is there a paper on checking what code really ran on a GPU?",
        "how do I train a network whose weights are only +1 and -1?",
    ],
)
def test_a_question_for_one_paper_is_answered_with_the_best_ranked_first(
    engine: Engine, question: str
) -> None:
    answer = engine.ask(question)
    assert not answer.abstained
    assert answer.results[0].paper.id == answer.ranking[0]


@pytest.mark.parametrize(
    ("question", "named"),
    [("oye Polynormer wala paper kitni layers use karta tha?", "Polynormer"),
     ("kal GPTQ wala paper padha, usme kitne bits tak gaye the?", "GPTQ")],
)  # fmt: skip
def test_a_paper_the_question_names_is_answered_among_words_the_list_lacks(
    engine: Engine, question: str, named: str
) -> None:
    # Hindi in Latin letters around a listed paper's own name: the name says which paper.
    answer = engine.ask(question)
    assert not answer.abstained and answer.results[0].paper.title.startswith(named)


def test_snippet_is_a_verbatim_sentence_with_marked_terms(engine: Engine) -> None:
    answer = engine.ask("how many GPU hours does it take to quantize a 175 billion model?")
    top = answer.results[0]
    abstract = engine.searcher.index.papers[top.paper.id].abstract
    assert top.snippet.text in abstract
    assert "four GPU hours" in top.snippet.text
    assert "**GPU hours**" in top.snippet.marked and "**quantize**" in top.snippet.marked
    asked = {"gpu", "hours", "quantize", "175", "billion", "models"}
    for start, end in top.snippet.highlights:
        assert set(top.snippet.text[start:end].casefold().split()) <= asked


def test_every_returned_snippet_is_verbatim(fake_engine: Engine) -> None:
    for question in ["graph neural networks", "weather and climate", "sparse formats"]:
        answer = fake_engine.ask(question, quote=fake_engine.settings.listed)
        for result in answer.results + answer.more + answer.closest:
            abstract = fake_engine.searcher.index.papers[result.paper.id].abstract
            assert result.snippet.text and result.snippet.text in abstract


def test_papers_past_the_results_are_quoted_when_a_page_asks_for_them(
    fake_engine: Engine,
) -> None:
    question = "papers on FPGAs"
    first = fake_engine.ask(question, k=1)
    assert len(first.more) >= 2 and all(r.snippet.text for r in first.results)
    assert not any(r.snippet.text for r in first.more)  # not quoted: no page shows them yet
    paged = fake_engine.ask(question, k=1, quote=2)
    assert [r.paper.id for r in paged.results + paged.more] == [
        r.paper.id for r in first.results + first.more
    ]
    assert paged.more[0].snippet.text
    assert not any(r.snippet.text for r in paged.more[1:])


def test_topic_question_returns_every_clearly_relevant_paper(engine: Engine) -> None:
    answer = engine.ask("papers on adversarial attacks or robustness for graph models")
    found = titles(answer)
    assert {t.split(":")[0] for t in found} == {"GARNET", "SAGMAN"}


@pytest.mark.parametrize(
    "question",
    ["Anything on RDMA or on network topologies?", "anything about RDMA, or network topologies"],
)
def test_a_list_of_two_topics_leaves_out_papers_far_from_both_in_meaning(
    engine: Engine, question: str
) -> None:
    # GARNET learns a graph's topology and shares the word; it is far from both asks
    found = titles(engine.ask(question))
    assert sorted(t.split(":")[0] for t in found) == [
        "Efficient RDMA Communication Protocols",
        "HammingMesh",
    ]


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("a summary of the spatial computer paper?", ["The spatial computer"]),
        ("how was the HammingMesh paper evaluated?", ["HammingMesh"]),
        # two papers asked for, one named by a name the list does not spell so
        ("I need the HammingMesh paper and the Noise in the Clouds one",
         ["HammingMesh", "Noise in the Clouds"]),
    ],
)  # fmt: skip
def test_a_question_for_a_paper_it_names_gets_that_paper_alone(
    engine: Engine, question: str, named: list[str]
) -> None:
    # the spatial computer's question also listed four papers that say "spatial"
    answer = engine.ask(question)
    assert sorted(r.paper.title.split(":")[0] for r in answer.results) == sorted(named)


def test_unanswerable_question_abstains_and_lists_three_closest(engine: Engine) -> None:
    answer = engine.ask("earthquake detection from seismic waveforms with deep learning")
    assert answer.abstained and not answer.results
    assert len(answer.closest) == 3 and all(r.snippet.text for r in answer.closest)


def test_filters_restrict_results(fake_engine: Engine) -> None:
    answer = fake_engine.ask("quantization", filters=Filters(year_from=2024, year_to=2024))
    assert answer.results and all(r.paper.year == 2024 for r in answer.results + answer.more)
    answer = fake_engine.ask("graph", filters=Filters(subject="cs.DC"))
    assert all("cs.DC" in [s.code for s in r.paper.subjects] for r in answer.results + answer.more)
    answer = fake_engine.ask("quantization", filters=Filters(author="Torsten Hoefler"))
    assert titles(answer) and all("GPTQ" in t for t in titles(answer)[:1])
    assert all(r.paper.authors == ("Torsten Hoefler",) for r in answer.results + answer.more)


def test_question_naming_an_author_gets_the_author_summary(engine: Engine) -> None:
    answer = engine.ask("how many Zhiru Zhang papers do you have?")
    assert answer.author is not None and answer.author.count == 18
    topical = engine.ask("Hoefler's papers on quantization")
    assert topical.author is None and titles(topical)[0].startswith("GPTQ")
    assert topical.filters.author == "Torsten Hoefler"


def test_results_respect_k_and_keep_the_rest_as_more(fake_engine: Engine) -> None:
    answer = fake_engine.ask("graph neural networks", k=2)
    assert len(answer.results) == 2 and answer.more


@pytest.mark.parametrize("question", ["", "   ", "\n\t"])
def test_empty_question_is_refused(fake_engine: Engine, question: str) -> None:
    with pytest.raises(QueryError, match="ask a question"):
        fake_engine.ask(question)


@pytest.mark.parametrize(
    ("filters", "message"),
    [
        (Filters(year_from=1991, year_to=-5), "positive"),
        (Filters(years=(0, 2023)), "positive"),
        (Filters(year_from=2025, year_to=2020), "backwards"),
    ],
)
def test_years_that_cannot_be_are_refused_by_the_engine(
    fake_engine: Engine, filters: Filters, message: str
) -> None:
    # Were answered "No listed paper is from 1991–-5; those papers are from ...".
    with pytest.raises(QueryError, match=message):
        fake_engine.ask("quantization papers", filters=filters)
    assert titles(fake_engine.ask("quantization papers"))  # nothing lost


@pytest.mark.parametrize(
    "mention",
    ["@everyone", "@here", "<@123456789>", "@papercord", "👋 **@PaperBot**", "> @papers_bot,"],
)
def test_a_mention_in_a_question_changes_nothing(fake_engine: Engine, mention: str) -> None:
    plain = fake_engine.ask("papers from 2023 on graph databases")
    mentioned = fake_engine.ask(f"{mention} papers from 2023 on graph databases")
    assert titles(mentioned) == titles(plain) and mentioned.filters == plain.filters
    with pytest.raises(QueryError):
        fake_engine.ask(mention)


@pytest.mark.parametrize("topic", ["dataset", "graph database", "quantum", "weather forecasting"])
def test_the_x_one_is_asked_as_the_x_paper(engine: Engine, topic: str) -> None:
    # "one" there stands for a paper; searched as the number, it drew abstracts that count
    # something in ones.
    paper = engine.ask(f"what about the {topic} paper?")
    for one in (f"what about the {topic} one?", f"which is the {topic} one"):
        assert titles(engine.ask(one))[:1] == titles(paper)[:1]


@pytest.mark.parametrize("handle", ["@PaperBot", "@lab_bot", "@dr.who"])
def test_a_handle_inside_a_question_is_no_topic(fake_engine: Engine, handle: str) -> None:
    plain = fake_engine.ask("is there a paper on graph databases in the list?")
    addressed = fake_engine.ask(f"is there a paper on graph databases in the list, {handle}?")
    assert titles(addressed) == titles(plain)
    assert addressed.confidence == pytest.approx(plain.confidence, abs=0.05)


@pytest.mark.parametrize(
    "typed", ["@everyone GPTQ", "<@123456789> gptq", "[GPTQ](https://example.com/x)"]
)
def test_a_mention_or_a_link_around_a_title_finds_the_paper(
    fake_engine: Engine, typed: str
) -> None:
    # /paper and /cite said "no paper title matches '@everyone GPTQ'"; questions dropped it.
    assert fake_engine.paper(typed).paper.title.startswith("GPTQ")
    assert fake_engine.cite(typed).key == fake_engine.cite("gptq").key


def test_a_year_to_leave_out_leaves_the_other_years(fake_engine: Engine) -> None:
    years = sorted({p.year for p in fake_engine.lookup.index.papers.values()})
    answer = fake_engine.ask(f"graph papers excluding {years[1]}")
    kept = [y for y in years if y != years[1]]  # a gap in the middle: "A or C"
    assert all(r.paper.year != years[1] for r in answer.results + answer.more)
    assert answer.filters.years_text() == " or ".join(map(str, kept)) and not answer.notes


def test_a_subject_to_leave_out_is_left_out_and_the_reply_says_how_many(
    fake_engine: Engine,
) -> None:
    everything = fake_engine.ask("graph papers")
    answer = fake_engine.ask("graph papers not in cs.LG")

    def codes(answer: Answer) -> list[list[str]]:
        return [[s.code for s in r.paper.subjects] for r in answer.results + answer.more]

    assert codes(answer) and all("cs.LG" not in c for c in codes(answer))
    left = sum("cs.LG" in c for c in codes(everything))
    assert left and answer.notes == (f"Left out {left} paper{'s' if left != 1 else ''} in cs.LG.",)
    assert answer.filters == Filters()


@pytest.mark.parametrize(
    ("filters", "why"),
    [(Filters(year_from=2025, year_to=2025), "No listed paper is from 2025"),
     (Filters(subject="math.CO"), "No listed paper is filed under math.CO")],
)  # fmt: skip
def test_options_that_leave_no_paper_say_why(
    fake_engine: Engine, filters: Filters, why: str
) -> None:
    # As the same words in the question do ("quantization papers from 2025").
    answer = fake_engine.ask("quantization", filters=filters)
    assert not answer.results and any(note.startswith(why) for note in answer.notes)


def test_ten_thousand_character_question_is_refused(fake_engine: Engine) -> None:
    with pytest.raises(QueryError, match="10,000 characters long"):
        fake_engine.ask("x" * 10_000)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=600))
def test_any_text_is_either_a_question_or_a_clear_refusal(text: str) -> None:
    try:
        cleaned = check_question(text, 500)
    except QueryError as error:
        assert str(error)
    else:
        assert cleaned == cleaned.strip() and 0 < len(cleaned) <= 500


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=120).filter(lambda s: s.strip()))
def test_asking_anything_never_crashes(fake_engine: Engine, text: str) -> None:
    try:
        answer = fake_engine.ask(text)
    except QueryError as error:  # only control characters: nothing is left to ask
        assert str(error)
        return
    assert answer.abstained or answer.results or answer.author is not None
    assert len(answer.closest) <= 3 and not (answer.closest and not answer.abstained)
    # An abstention shows the three closest papers, or a note saying why it cannot.
    assert not answer.abstained or len(answer.closest) == 3 or answer.notes


def test_a_paper_one_retriever_missed_is_scored_by_both(
    engine: Engine, embedder: Embedder, index_dir: Path
) -> None:
    # Each retriever fetches 5 chunks: a candidate only BM25 found was "cosine 0", so a
    # paper saying "PyTorch-based library" ranked below every paper the model liked.
    narrow = Engine(RetrievalSettings(candidates=5), ChromaSettings(path=index_dir), embedder)
    searcher, question = narrow.searcher, "which papers build their tools on top of PyTorch?"
    query, vector = searcher.query(question), embedder.embed_one(question)
    signals = searcher.signals(query.weights, vector, "hybrid", Filters(), query.key)
    assert len(signals) > 5  # so some candidates were found by one retriever only
    index = searcher.index
    bm25 = index.bm25.scores(list(query.weights))
    for pid, found in signals.items():
        rows = [n for n, chunk in enumerate(index.chunks) if chunk.paper_id == pid]
        cosine = float((index.chunk_vectors[rows] @ vector).max())
        assert found.cosine == pytest.approx(cosine, abs=1e-5), index.papers[pid].title
        assert found.bm25 == pytest.approx(float(bm25[rows].max())), index.papers[pid].title


def test_rank_orders_by_fused_score_and_keeps_papers_near_the_best() -> None:
    signals = {
        "a": Signals(bm25=10.0, cosine=0.8, coverage=1.0, bm25_rank=1, vector_rank=1),
        "b": Signals(bm25=5.0, cosine=0.6, coverage=0.9, bm25_rank=2, vector_rank=2),
        "c": Signals(bm25=1.0, cosine=0.2, coverage=0.1, bm25_rank=3, vector_rank=3),
    }
    ranking = rank(signals, "hybrid", DEFAULTS)
    assert ranking.order == ["a", "b", "c"] and not ranking.abstained
    # relevance = 0.3 * calibrated cosine + 0.7 * coverage: a 0.93, b 0.79, c 0.09;
    # c is below 0.7 x 0.93, so only a and b answer.
    assert ranking.relevance["a"] == pytest.approx(0.3 * calibrate(0.8, DEFAULTS) + 0.7 * 1.0)
    assert ranking.relevant == ["a", "b"]


def test_a_paper_far_closer_in_meaning_outranks_one_with_a_few_more_word_matches() -> None:
    # Half the question's words are in the abstracts, so the vector side weighs 0.475.
    # Scaled from cosine -1, 0.3 and 0.6 were 0.81 and 1.0 apart, and BM25 decided.
    signals = {
        "words": Signals(bm25=10.0, cosine=0.3, coverage=0.5, bm25_rank=1, vector_rank=2),
        "meaning": Signals(bm25=7.0, cosine=0.6, coverage=0.5, bm25_rank=2, vector_rank=1),
    }
    assert rank(signals, "hybrid", DEFAULTS).order == ["meaning", "words"]


def test_rank_abstains_when_even_the_best_paper_is_weak() -> None:
    weak = {"a": Signals(bm25=3.0, cosine=0.3, coverage=0.2, bm25_rank=1, vector_rank=1)}
    ranking = rank(weak, "hybrid", DEFAULTS)  # relevance 0.05 + 0.14 = 0.19 < 0.35
    assert ranking.abstained and ranking.order == ["a"]


def test_single_modes_rank_by_their_own_retriever() -> None:
    signals = {
        "lexical": Signals(bm25=8.0, cosine=0.0, coverage=0.9, bm25_rank=1, vector_rank=None),
        "semantic": Signals(bm25=0.0, cosine=0.9, coverage=0.1, bm25_rank=None, vector_rank=1),
    }
    bm25 = rank(signals, "bm25", DEFAULTS)
    assert bm25.order == ["lexical"] and bm25.relevance["lexical"] == 0.9  # judged by coverage
    vector = rank(signals, "vector", DEFAULTS)
    assert vector.order == ["semantic"]
    assert vector.relevance["semantic"] == pytest.approx(calibrate(0.9, DEFAULTS))


def test_calibrate_stretches_cosine_between_floor_and_ceiling() -> None:
    assert calibrate(0.15, DEFAULTS) == 0.0 and calibrate(1.0, DEFAULTS) == 1.0
    assert calibrate(0.575, DEFAULTS) == pytest.approx(0.5) and calibrate(-0.4, DEFAULTS) == 0.0


@pytest.fixture(scope="module")
def scanned(fake_engine: Engine) -> tuple[list[str], Vocabulary]:
    """Every paper's title and abstract, and the vocabulary a scan of them all gives."""
    texts = [f"{p.title}. {p.abstract}" for p in fake_engine.searcher.index.papers.values()]
    return texts, Vocabulary.of(texts)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_phrases_are_known_as_a_scan_of_every_abstract_would_say(
    fake_engine: Engine, scanned: tuple[list[str], Vocabulary], data: st.DataObject
) -> None:
    """The searcher looks for a phrase only in papers holding its stems as pairs."""
    texts, everywhere = scanned
    words = data.draw(st.sampled_from(texts)).split()
    start = data.draw(st.integers(0, len(words) - 2))
    adjacent = " ".join(words[start : start + data.draw(st.integers(2, 3))])
    shuffled = " ".join(data.draw(st.permutations(words[start : start + 2])))
    for phrase in (adjacent, shuffled):
        folded = " ".join(WORDS.findall(fold(phrase)))
        if " " in folded:
            assert fake_engine.searcher.vocabulary.knows(folded) == everywhere.knows(folded)


def test_words_written_apart_join_as_the_corpus_writes_them_plural_too() -> None:
    corpus = Vocabulary.of(["A datacenter scheduler", "small data, big center"])
    # "data centers" was left apart: the corpus writes the singular "datacenter" only
    assert corpus.respell("papers on data centers") == "papers on datacenters"
    assert corpus.respell("data center papers") == "datacenter papers"


def test_a_name_and_its_number_written_apart_join_as_the_corpus_writes_them() -> None:
    corpus = Vocabulary.of(["We port the XR7 core and the Zed2net model", "2 x 4 arrays"])
    assert corpus.respell("the XR 7 core") == "the XR7 core"
    assert corpus.respell("the Zed2 net paper") == "the Zed2net paper"
    # Not joined: two numbers, a one-letter word, words the corpus writes apart.
    for kept in ["2 4 arrays", "x 4 arrays", "XR 8 core"]:
        assert corpus.respell(kept) == kept


def test_a_word_cut_short_is_written_whole_beside_a_word_the_corpus_writes_it_with() -> None:
    corpus = Vocabulary.of(
        ["We train neural networks on premise clusters", "Graph kernels and integer formats"]
    )
    # "nets" had matched no abstract: "which papers use neural nets?" abstained
    assert corpus.respell("papers on neural nets") == "papers on neural networks"
    assert corpus.respell("int formats") == "integer formats"
    # Kept: no neighbour the whole word stands beside, a common English word
    for kept in ["graph nets", "fishing nets", "read the integer paper"]:
        assert corpus.respell(kept) == kept


def test_a_count_is_written_the_way_the_corpus_writes_it() -> None:
    corpus = Vocabulary.of(
        ["A model with 175 billion parameters", "We route tokens in OPT-66B and 7B models"]
    )
    assert corpus.respell("a 175B model on one GPU") == "a 175 billion model on one GPU"
    assert corpus.respell("OPT with 66 billion parameters") == "OPT with 66B parameters"
    # Written as the corpus writes it already, or a count the corpus has no word for.
    for kept in ["a 7B model", "175 billion", "a 3T model", "12B tokens"]:
        assert corpus.respell(kept) == kept


def test_a_count_written_another_way_finds_the_paper(engine: Engine) -> None:
    # The abstract says "175 billion": "175B" shared no word with it, and the question
    # abstained (the paper ranked fourth).
    answer = engine.ask("which paper fits a 175B model in one GPU with no retraining?")
    assert not answer.abstained and titles(answer)[0].startswith("GPTQ")


def test_a_closed_up_compound_is_respelled_only_as_the_corpus_writes_it() -> None:
    corpus = Vocabulary.of(["Automatic multi-pumping on FPGAs", "user space threads, now here"])
    assert corpus.respell("MultiPumping for FPGAs") == "Multi-Pumping for FPGAs"
    assert corpus.respell("userspace scheduling") == "user-space scheduling"
    assert Vocabulary.of(["weights of 4 bits"]).respell("4bits each") == "4-bits each"
    # Not split: an English word ("nowhere"), a word the corpus has, parts never together.
    for kept in ["nowhere", "automatic", "pumpingmulti", "threadsuser", "5nm", "4x"]:
        assert corpus.respell(kept) == kept


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("quantizaton papers", "quantization papers"),
        ("grpah neural networks", "graph neural networks"),
    ],
)
def test_a_topic_typed_with_a_typo_finds_what_the_word_finds(
    engine: Engine, typed: str, meant: str
) -> None:
    # Each abstained: a word no abstract has and no English speaker writes.
    answer = engine.ask(typed)
    assert not answer.abstained and titles(answer)[:3] == titles(engine.ask(meant))[:3]
    assert engine.ask("blockchain consensus").abstained  # a word the list lacks stays one


def test_only_a_word_no_one_writes_is_respelled() -> None:
    words = Vocabulary(["graph", "version", "quantization"], lambda _: [])
    assert words.respell("grpah and quantizaton") == "graph and quantization"
    assert words.respell("vision") == "vision"  # English: meant as typed, not "version"
