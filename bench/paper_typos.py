"""Count what /paper does with typed titles: typos of every listed title, and famous
titles that are not listed.

    python -m bench.paper_typos [--papers N] [--variants 4]

For every listed title, ``--variants`` typings with one typo (a letter dropped, two
swapped, one replaced or one added, in a word of three letters or more, seeded), each
typed whole and as its first three words; and 50 famous titles of other papers, whole
and as their first three words. Each is looked up with the typo rule (``Lookup.paper``)
and without it (the strict rule alone, as before), and counted as

* right: the listed title it was typed from (or, for a first-three-words fragment,
  any title that starts with those words);
* false accept: another title, or any title for an unlisted one;
* false refusal: "not in the list" for a listed title.

Without ``--papers`` it reads the index the settings name (the bundled list); with it,
the ``bench.lookups`` generation of N synthetic papers. Figures only.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable

from rapidfuzz import utils

from retrieval.answers.lookup import Lookup
from retrieval.errors import NotFoundError, QueryError

SEED = 5
# Famous papers from outside the list (checked against it at run time).
UNLISTED = [
    "Attention Is All You Need",
    "Deep Residual Learning for Image Recognition",
    "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding",
    "ImageNet Classification with Deep Convolutional Neural Networks",
    "Generative Adversarial Networks",
    "Adam: A Method for Stochastic Optimization",
    "Dropout: A Simple Way to Prevent Neural Networks from Overfitting",
    "Batch Normalization: Accelerating Deep Network Training",
    "Language Models are Few-Shot Learners",
    "Playing Atari with Deep Reinforcement Learning",
    "Mastering the Game of Go with Deep Neural Networks and Tree Search",
    "Neural Machine Translation by Jointly Learning to Align and Translate",
    "Sequence to Sequence Learning with Neural Networks",
    "Efficient Estimation of Word Representations in Vector Space",
    "GloVe: Global Vectors for Word Representation",
    "U-Net: Convolutional Networks for Biomedical Image Segmentation",
    "You Only Look Once: Unified, Real-Time Object Detection",
    "Faster R-CNN: Towards Real-Time Object Detection with Region Proposal Networks",
    "Auto-Encoding Variational Bayes",
    "Denoising Diffusion Probabilistic Models",
    "An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale",
    "Learning Transferable Visual Models From Natural Language Supervision",
    "Semi-Supervised Classification with Graph Convolutional Networks",
    "Graph Attention Networks",
    "XGBoost: A Scalable Tree Boosting System",
    "MapReduce: Simplified Data Processing on Large Clusters",
    "The Google File System",
    "Bigtable: A Distributed Storage System for Structured Data",
    "Dynamo: Amazon's Highly Available Key-value Store",
    "In Search of an Understandable Consensus Algorithm",
    "Paxos Made Simple",
    "Time, Clocks, and the Ordering of Events in a Distributed System",
    "The Byzantine Generals Problem",
    "Spark: Cluster Computing with Working Sets",
    "TensorFlow: A System for Large-Scale Machine Learning",
    "PyTorch: An Imperative Style, High-Performance Deep Learning Library",
    "Roofline: An Insightful Visual Performance Model for Multicore Architectures",
    "A Mathematical Theory of Communication",
    "Computing Machinery and Intelligence",
    "On Computable Numbers, with an Application to the Entscheidungsproblem",
    "The PageRank Citation Ranking: Bringing Order to the Web",
    "Long Short-Term Memory",
    "Gradient-Based Learning Applied to Document Recognition",
    "Training language models to follow instructions with human feedback",
    "LoRA: Low-Rank Adaptation of Large Language Models",
    "FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness",
    "Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism",
    "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models",
    "Scaling Laws for Neural Language Models",
    "LLaMA: Open and Efficient Foundation Language Models",
]
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def typo(title: str, rng: random.Random) -> str:
    """Return the title with one typo in one of its words of three letters or more."""
    words = title.split()
    choices = [n for n, w in enumerate(words) if sum(c.isalpha() for c in w) >= 3]
    if not choices:
        return title
    n = rng.choice(choices)
    word = words[n]
    at = rng.randrange(1, len(word) - 1) if len(word) > 2 else 0
    kind = rng.choice(("drop", "swap", "replace", "add"))
    if kind == "drop":
        word = word[:at] + word[at + 1 :]
    elif kind == "swap":
        word = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    elif kind == "replace":
        word = word[:at] + rng.choice(LETTERS.replace(word[at].lower(), "")) + word[at + 1 :]
    else:
        word = word[:at] + rng.choice(LETTERS) + word[at:]
    words[n] = word
    return " ".join(words)


def cases(titles: list[str], variants: int) -> list[tuple[str, str | None, str]]:
    """Return (typed, the title it was typed from or None, how) for every case."""
    rng = random.Random(SEED)
    out: list[tuple[str, str | None, str]] = []
    for title in titles:
        for _ in range(variants):
            typed = typo(title, rng)
            out.append((typed, title, "whole"))
            out.append((" ".join(typed.split()[:3]), title, "three words"))
    folded = {utils.default_process(t) for t in titles}
    for title in UNLISTED:
        if utils.default_process(title) not in folded:
            out.append((title, None, "whole"))
            out.append((" ".join(title.split()[:3]), None, "three words"))
    return out


def judge(find: Callable[[str], str | None], typed: str, meant: str | None, how: str) -> str:
    """Return right, false accept or false refusal for one case."""
    found = find(typed)
    if found is None:
        return "right" if meant is None else "false refusal"
    if meant is None:
        return "false accept"
    if found == meant:
        return "right"
    # A fragment names every title that starts with its words; any of them is right.
    start = utils.default_process(" ".join(meant.split()[:3]))
    same_start = how == "three words" and utils.default_process(found).startswith(start)
    return "right" if same_start else "false accept"


def count(lookup: Lookup, titles: list[str], variants: int, rule: bool) -> dict[str, Counter[str]]:
    """Return the verdicts per kind of case, with or without the typo rule."""

    def find(typed: str) -> str | None:
        try:
            if rule:
                return lookup.paper(typed).paper.title
            _, _, scored = lookup._scored(typed)  # the strict rule alone, as before
            if not scored:
                return None
            return lookup.index.papers[scored[0][1]].title
        except (NotFoundError, QueryError):
            return None

    verdicts: dict[str, Counter[str]] = {}
    for typed, meant, how in cases(titles, variants):
        kind = f"{'listed' if meant else 'unlisted'}, {how}"
        verdicts.setdefault(kind, Counter())[judge(find, typed, meant, how)] += 1
    return verdicts


def lookup_for(papers: int | None) -> Lookup:
    """Return the lookup of the settings' index, or of bench.lookups' N papers."""
    if papers is None:
        from bot.settings import build_engine, load_settings

        return build_engine(load_settings()).lookup
    from bench.lookups import GENERATION, OUT, build
    from retrieval.config import ChromaSettings
    from retrieval.index.loaded import from_cache
    from retrieval.index.vector_store import VectorStore

    cache = OUT / f"lookups-{papers}" / "cache"
    build(papers, cache)
    loaded = from_cache(cache, GENERATION)
    assert loaded is not None
    return Lookup(loaded, VectorStore(ChromaSettings(path=cache.with_name("chroma"))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, help="bench.lookups' N synthetic papers")
    parser.add_argument("--variants", type=int, default=4, help="typos per title")
    parser.add_argument("--sample", type=int, help="titles sampled (default: every one)")
    args = parser.parse_args()
    lookup = lookup_for(args.papers)
    titles = [p.title for p in lookup.index.papers.values()]
    if args.sample and args.sample < len(titles):
        titles = random.Random(SEED).sample(titles, args.sample)
    print(f"{len(titles)} listed titles x {args.variants} typos, {len(UNLISTED)} unlisted")
    print("| rule | cases | n | right | false accept | false refusal |")
    print("|---|---|---:|---:|---:|---:|")
    for rule in (False, True):
        for kind, verdicts in count(lookup, titles, args.variants, rule).items():
            name = "typo rule" if rule else "strict only (before)"
            n = sum(verdicts.values())
            print(
                f"| {name} | {kind} | {n} | {verdicts['right']} | "
                f"{verdicts['false accept']} | {verdicts['false refusal']} |"
            )


if __name__ == "__main__":
    main()
