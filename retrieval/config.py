"""Typed retrieval settings; the bot's settings module nests these (see bot/settings.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

ROOT = Path(__file__).resolve().parent.parent  # the project folder
DATA = ROOT / "data"  # shipped data: stop words, tiktoken encoding, arXiv taxonomy, pages
MAX_QUESTION_CHARS = 1000  # /ask declares it to Discord; a question with its background fits
# HNSW search breadth of new collections. Chroma's default 100 found 0.78 of the exact top
# 10 at 100k vectors (issue 8) and 0.982 at 50k here; 400 found 0.98 there and 0.998
# here, for 3.0 instead of 2.2 ms a query (docs/scale.md, "HNSW ef_search").
EF_SEARCH = 400

Mode = Literal["bm25", "vector", "hybrid"]
Precision = Literal["fp32", "int8"]
DEFAULT_PRECISION: Precision = "int8"  # retrieval.embedding_precision: see RetrievalSettings
Fusion = Literal["rrf", "convex"]
MODES: tuple[Mode, ...] = ("bm25", "vector", "hybrid")


class ChromaSettings(BaseModel):
    """Where the vector store lives: an embedded folder, or a Chroma server."""

    model_config = ConfigDict(extra="forbid")  # a misspelt key is an error, not a default
    mode: Literal["embedded", "http"] = "embedded"
    path: Path = Path("var/index")
    host: str = "127.0.0.1"
    port: int = Field(8000, ge=1, le=65535)
    ssl: bool = False
    prefix: str = Field("papercord", pattern=r"^[a-zA-Z0-9][a-zA-Z0-9_-]{1,40}$")
    ef_search: int = Field(EF_SEARCH, ge=10, le=4096)  # set when a collection is created
    # http: how often a serving process asks the server which generation is active, so a
    # reindex made by another process is served here within this many seconds.
    watch_seconds: float = Field(30.0, gt=0, le=3600)

    @property
    def cache(self) -> Path:
        """Where each generation's rows and BM25 are kept (``retrieval.index.cache``):
        beside the index folder, never inside it, so a read-only engine's private copy is
        unaffected; local in http mode too."""
        return self.path.with_name(f"{self.path.name}-cache")


class RetrievalSettings(BaseModel):
    """Chunking, ranking and answer-shaping settings, each chosen on the dev set."""

    model_config = ConfigDict(extra="forbid")
    chunk_size: int = Field(128, ge=16, le=1024)
    chunk_overlap: int = Field(32, ge=0, le=512)
    mode: Mode = "hybrid"
    fusion: Fusion = "convex"
    vector_weight: float = Field(0.3, ge=0.0, le=1.0)  # convex: weight of the vector score
    rrf_k: int = Field(60, ge=1)  # RRF: score = sum 1 / (rrf_k + rank)
    candidates: int = Field(50, ge=5, le=1000)  # chunks fetched from each retriever
    # Corpora up to this many papers embed every sentence at ingest (for the calibrated
    # sentence signal); larger ones embed only the shown papers' sentences, when shown.
    sentence_vectors_up_to: int = Field(20000, ge=0)
    # The embedding model's weights: int8 (onnxruntime dynamic quantization) embeds ~1.5x
    # faster than fp32 and takes ~2.5 ms off a question, with the same dev answers in
    # hybrid mode (docs/retrieval-tuning.md has the held-out table of both). Changing it
    # re-embeds the corpus at the next ingest.
    embedding_precision: Precision = DEFAULT_PRECISION
    # Papers embedded and written per step of an ingest: bounds its memory, and is what
    # an interrupted ingest resumes from (retrieval/ingest/building.py).
    ingest_batch: int = Field(256, ge=1, le=100_000)
    cutoff: Literal["relevance", "fused"] = "relevance"  # which score relevance_ratio applies to
    relevance_ratio: float = Field(0.7, ge=0.0, le=1.0)  # keep papers >= ratio * top score
    min_relevance: float = Field(0.2, ge=0.0, le=1.0)  # below this a paper is not a match
    abstain_below: float = Field(0.35, ge=0.0, le=1.0)  # abstain when the top paper is below
    # Hybrid answers whose answer-model P is below this say they are not a sure match: when
    # chosen, of the eval sets' answered questions, 22 of 57 wrong answers, 16 of 432 right
    # (the largest of 0.6-0.95 that hedges at most 5% of right answers). With the answer
    # model of stop 53, in sample 31 of 39 wrong and 148 of 1,420 right (10%); 0.75 would
    # hedge 5% of right ones, and 63% of the unanswerable ones answered, not 88%.
    unsure_below: float = Field(0.9, ge=0.0, le=1.0)
    cosine_floor: float = Field(0.15, ge=-1.0, lt=1.0)  # cosine that counts as 0 relevance
    cosine_ceiling: float = Field(1.0, gt=-1.0, le=1.0)  # cosine that counts as 1
    results: int = Field(5, ge=1, le=25)  # default number of papers shown
    closest: int = Field(3, ge=0, le=10)  # shown as "closest, but not a match"
    listed: int = Field(50, ge=1, le=500)  # most papers one answer carries; `matched` counts all
    max_question_chars: int = Field(MAX_QUESTION_CHARS, ge=10, le=10000)

    @model_validator(mode="after")
    def _overlap_below_size(self) -> RetrievalSettings:
        if self.chunk_overlap >= self.chunk_size:
            raise ValueError("chunk_overlap must be smaller than chunk_size")
        if self.cosine_floor >= self.cosine_ceiling:
            raise ValueError("cosine_floor must be smaller than cosine_ceiling")
        return self


class ArxivSettings(BaseModel):
    """Where ``papercord add`` asks for metadata, and how politely."""

    api_base: str = "https://export.arxiv.org/api/query"  # tests point this at a fake
    min_interval: float = Field(3.0, ge=0.0, le=60.0)  # arXiv asks for >= 3 s between calls
    timeout: float = Field(20.0, gt=0.0, le=120.0)
    user_agent: str = "papercord/0.1 (research-paper Q&A bot; arXiv API client)"


class LlmSettings(BaseModel):
    """An OpenAI-compatible chat-completions endpoint for the optional grounded summary.

    Off while ``base_url`` is unset: then nothing calls it and every answer is as without
    it. ``api_key_env`` names the environment variable that holds the key, never the key.
    """

    model_config = ConfigDict(extra="forbid")
    base_url: str | None = Field(None, pattern=r"^https?://\S+$")  # e.g. http://127.0.0.1:11434/v1
    model: str = Field("", max_length=200)
    api_key_env: str | None = Field(None, pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    timeout: float = Field(15.0, gt=0.0, le=300.0)  # seconds to connect, and for each read
    max_tokens: int = Field(300, ge=32, le=4096)  # 4 cited sentences take ~150

    @property
    def enabled(self) -> bool:
        """Return True when a summary endpoint is configured."""
        return self.base_url is not None
