"""The listing-page and JSON Lines parsers, on the bundled pages and on awkward input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.config import DATA
from retrieval.errors import CorpusError
from retrieval.ingest.corpus import load_corpus
from retrieval.ingest.parsing import parse_file, parse_page
from tests.conftest import CORPUS, TEST_DATA

# Every bundled paper: (title, year, subject codes, attributed author), in page order,
# read off the pages by hand (blocks split on blank lines), not by the parser under test.
EXPECTED = [
    ('GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers', 2023, ('cs.LG',), 'Torsten Hoefler'),
    ('Performance Embeddings: A Similarity-based Approach to Automatic Performance Optimization', 2023, ('cs.SE',), 'Torsten Hoefler'),
    ('Approximate Reversible Circuits for NISQ-Era Quantum Computers', 2023, ('cs.ET',), 'Torsten Hoefler'),
    ('The spatial computer: A model for energy-efficient parallel computation', 2023, ('cs.DS',), 'Torsten Hoefler'),
    ('A Theory of I/O-Efficient Sparse Neural Network Inference', 2023, ('cs.DC',), 'Torsten Hoefler'),
    ('Python FPGA Programming with Data-Centric Multi-Level Design', 2022, ('cs.DC',), 'Torsten Hoefler'),
    ('Efficient RDMA Communication Protocols', 2022, ('cs.NI',), 'Torsten Hoefler'),
    ('Neural Graph Databases', 2022, ('cs.LG',), 'Torsten Hoefler'),
    ('Spatial Mixture-of-Experts', 2022, ('cs.LG',), 'Torsten Hoefler'),
    ('ProbGraph: High-Performance and High-Accuracy Graph Mining with Probabilistic Set Representations', 2022, ('cs.DC',), 'Torsten Hoefler'),
    ('Assessing requirements to scale to practical quantum advantage', 2022, ('quant-ph',), 'Torsten Hoefler'),
    ('ENS-10: A Dataset For Post-Processing Ensemble Weather Forecasts', 2022, ('cs.LG',), 'Torsten Hoefler'),
    ('Noise in the Clouds: Influence of Network Performance Variability on Application Scalability', 2022, ('cs.DC',), 'Torsten Hoefler'),
    ('HammingMesh: A Network Topology for Large-Scale Deep Learning', 2022, ('cs.DC',), 'Torsten Hoefler'),
    ('Temporal Vectorization: A Compiler Approach to Automatic Multi-Pumping', 2022, ('cs.DC',), 'Torsten Hoefler'),
    ('SAGE: Software-based Attestation for GPU Execution', 2022, ('cs.CR',), 'Torsten Hoefler'),
    ('A Data-Centric Optimization Framework for Machine Learning', 2022, ('cs.LG',), 'Torsten Hoefler'),
    ('Productive Performance Engineering for Weather and Climate Modeling with Python', 2022, ('cs.DC',), 'Torsten Hoefler'),
    ('SAGMAN: Stability Analysis of Graph Neural Networks on the Manifolds', 2024, ('cs.LG',), 'Zhiru Zhang'),
    ('Learning from Students: Applying t-Distributions to Explore Accurate and Efficient Formats for LLMs', 2024, ('cs.LG',), 'Zhiru Zhang'),
    ('Differentiable Combinatorial Scheduling at Scale', 2024, ('cs.LG',), 'Zhiru Zhang'),
    ('FLIQS: One-Shot Mixed-Precision Floating-Point and Integer Quantization Search', 2024, ('cs.CV',), 'Zhiru Zhang'),
    ('Less is More: Hop-Wise Graph Attention for Scalable and Generalizable Learning on Circuits', 2024, ('cs.LG',), 'Zhiru Zhang'),
    ('Radial Networks: Dynamic Layer Routing for High-Performance Large Language Models', 2024, ('cs.CL',), 'Zhiru Zhang'),
    ('Understanding the Potential of FPGA-Based Spatial Acceleration for Large Language Model Inference', 2024, ('cs.LG',), 'Zhiru Zhang'),
    ('Allo: A Programming Model for Composable Accelerator Design', 2024, ('cs.PL',), 'Zhiru Zhang'),
    ('Polynormer: Polynomial-Expressive Graph Transformer in Linear Time', 2024, ('cs.LG',), 'Zhiru Zhang'),
    ('UniSparse: An Intermediate Language for General Sparse Format Customization', 2024, ('cs.CL',), 'Zhiru Zhang'),
    ('Exploring the Limits of Semantic Image Compression at Micro-bits per Pixel', 2024, ('cs.CV',), 'Zhiru Zhang'),
    ('Trainable Fixed-Point Quantization for Deep Learning Acceleration on FPGAs', 2024, ('cs.LG',), 'Zhiru Zhang'),
    ('Slapo: A Schedule Language for Progressive Optimization of Large Deep Learning Model Training', 2023, ('cs.LG',), 'Zhiru Zhang'),
    ('Towards Fast, Adaptive, and Hardware-Assisted User-Space Scheduling', 2023, ('cs.DC',), 'Zhiru Zhang'),
    ('Comprehensive Benchmarking of Binary Neural Networks on NVM Crossbar Architectures', 2023, ('cs.ET',), 'Zhiru Zhang'),
    ('Binarized Neural Machine Translation', 2023, ('cs.CL',), 'Zhiru Zhang'),
    ('GARNET: Reduced-Rank Topology Learning for Robust and Scalable Graph Neural Networks', 2023, ('cs.LG',), 'Zhiru Zhang'),
    ('Understanding Hyperdimensional Computing for Parallel Single-Pass Learning', 2023, ('cs.LG',), 'Zhiru Zhang'),
]  # fmt: skip


def test_bundled_pages_parse_exactly() -> None:
    corpus = load_corpus([CORPUS])
    assert len(corpus.papers) == 36 and not corpus.warnings
    assert {p.author: (p.page, p.records_total, p.papers) for p in corpus.pages} == {
        "Torsten Hoefler": (10, 181, 18),
        "Zhiru Zhang": (2, 37, 18),
    }
    by_title = {p.title: p for p in corpus.papers}
    assert [p.title for p in corpus.papers] == [row[0] for row in EXPECTED]
    for title, year, subjects, author in EXPECTED:
        paper = by_title[title]
        assert (paper.year, paper.subjects, paper.authors) == (year, subjects, (author,))
    gold = [json.loads(line) for line in (DATA / "eval" / "dev.jsonl").open()]
    titles = {t for row in gold for t in row.get("gold", [])}
    assert titles <= set(by_title)  # every dev-set gold title is a parsed paper
    counts = {a: sum(a in p.authors for p in corpus.papers) for a in corpus.authors()}
    assert counts == {"Torsten Hoefler": 18, "Zhiru Zhang": 18}
    assert all(p.abstract and "\n" not in p.abstract for p in corpus.papers)


def test_crlf_blank_lines_trailing_spaces_latex_and_missing_abstract() -> None:
    parsed = parse_file(TEST_DATA / "lovelace_page3.txt")
    assert (parsed.author, parsed.page, parsed.records_total) == ("Ada Lovelace", 3, 12)
    first, no_abstract, last = parsed.records
    assert first.title == "Spin Glasses at $\\mu$-Kelvin: An Analytical Engine Study"
    assert first.abstract.startswith("We compute the magnetization $M(\\mu)$ of spin glasses")
    assert "1\u2009K" in first.abstract and not first.abstract.endswith(" ")
    assert first.subjects == ("cond-mat.dis-nn", "cs.ET")
    assert (no_abstract.title, no_abstract.abstract) == ("Notes Without An Abstract", "")
    assert last.year == 2023 and last.subjects == ("math.NT",)


def test_malformed_record_is_reported_with_file_and_line() -> None:
    parsed = parse_file(TEST_DATA / "lovelace_page3.txt")
    (warning,) = parsed.warnings
    assert warning.path.endswith("lovelace_page3.txt") and warning.line == 25
    assert "no title" in warning.message


def test_strict_mode_turns_the_warning_into_an_error() -> None:
    with pytest.raises(CorpusError, match=r"lovelace_page3.txt:25: .*strict"):
        parse_file(TEST_DATA / "lovelace_page3.txt", strict=True)


def test_paper_on_two_pages_is_one_paper_with_both_authors() -> None:
    corpus = load_corpus([TEST_DATA])
    paper = next(p for p in corpus.papers if p.title == "Bernoulli Numbers on Punched Cards")
    assert paper.authors == ("Charles Babbage", "Ada Lovelace") or paper.authors == (
        "Ada Lovelace",
        "Charles Babbage",
    )
    assert paper.subjects[0] == "math.NT" and "cs.MS" in paper.subjects
    assert len(paper.sources) == 2
    assert len({p.id for p in corpus.papers}) == len(corpus.papers) == 4


def test_jsonl_lines_that_are_not_papers_are_skipped_with_line_numbers() -> None:
    parsed = parse_file(TEST_DATA / "extra.jsonl")
    assert [r.title for r in parsed.records] == [
        "Bernoulli Numbers on Punched Cards",
        "Difference Engines for Tide Tables",
    ]
    assert [w.line for w in parsed.warnings] == [3, 4]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"   \n\n", "empty"),
        (b"arXiv subjects\n\nCaf\xe9\n", "not UTF-8"),
        (b"just some text\n\nwith no header\n", "no listing header"),
        (b"arXiv subjects\n\nAda\n\nPublications and source records attributed to Ada.\n", "no records"),
    ],
)  # fmt: skip
def test_bad_files_get_a_clear_error(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "page.txt"
    path.write_bytes(content)
    with pytest.raises(CorpusError, match=message) as error:
        parse_file(path)
    assert str(path) in str(error.value)


def test_missing_path_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="no such file"):
        load_corpus([tmp_path / "nowhere.txt"])


lines = st.lists(
    st.one_of(
        st.sampled_from(["", "arXiv2023", "arXiv1850", "cs.LG↗", "cs.LG↗ math.NT↗", "   "]),
        st.text(max_size=80).filter(lambda s: "\r" not in s),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(body=lines)
def test_parser_never_crashes_and_never_invents_papers(body: list[str]) -> None:
    text = "arXiv subjects\n\nAda\n\nPublications and source records attributed to Ada.\n\n"
    text += "\n".join(body)
    try:
        parsed = parse_page(text, "fuzz.txt")
    except CorpusError:
        return  # a clear error is an acceptable answer to garbage
    year_lines = sum(1 for line in body if line.strip().startswith("arXiv"))
    assert len(parsed.records) + len(parsed.warnings) <= max(year_lines, 0)
    for record in parsed.records:
        assert record.title and record.subjects and 1991 <= record.year <= 2100
        assert record.title in text
        assert all(line in text for line in record.abstract.split("\n"))  # lines kept verbatim
