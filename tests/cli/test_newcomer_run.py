"""Three newcomers' first hour in ``papercord chat``, scripted: 31 turns, each judged.

A PhD student new to HPC, a hardware engineer and a PI planning a reading group each hold
one conversation, written from the README and the listing pages (not from any eval set).
Each turn says what a user would call a right reply; the run must get at least 29 of the
31 right, and prints the turns it got wrong. Run it alone to read the score:

    pytest -s tests/cli/test_newcomer_run.py
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cli.chat import Conversation, respond
from retrieval.engine import Engine
from retrieval.models import Answer

Check = Callable[[str, Answer | None], bool]
NEEDED = 29  # of 31

GPTQ = "GPTQ: Accurate Post-Training Quantization for Generative Pre-trained Transformers"
FPGA_LLM = "Understanding the Potential of FPGA-Based Spatial Acceleration for Large Language"
LLM_PAPERS = (
    GPTQ,
    FPGA_LLM,
    "Learning from Students: Applying t-Distributions",
    "Radial Networks: Dynamic Layer Routing",
    "A Theory of I/O-Efficient Sparse Neural Network Inference",
    "Binarized Neural Machine Translation",
    "FLIQS: One-Shot Mixed-Precision",
    "Spatial Mixture-of-Experts",
)
GNN_PAPERS = ("SAGMAN", "GARNET", "Polynormer", "Less is More: Hop-Wise", "Neural Graph Databases")


def papers(answer: Answer | None) -> list[str]:
    """Return the titles an answer lists, in order (none for an abstention)."""
    if answer is None or answer.abstained:
        return []
    return [r.paper.title for r in answer.results + answer.more]


def first_is(prefix: str, within: int = 1) -> Check:
    """The paper starting with ``prefix`` is among the first ``within`` listed."""
    return lambda reply, answer: any(t.startswith(prefix) for t in papers(answer)[:within])


def lists_any(*prefixes: str, within: int = 3) -> Check:
    """One of these papers is among the first ``within`` listed."""
    return lambda reply, answer: any(
        t.startswith(p) for t in papers(answer)[:within] for p in prefixes
    )


def says(*texts: str) -> Check:
    """The reply says every one of these."""
    return lambda reply, answer: all(text in reply for text in texts)


def every_listed(test: Callable[[int, tuple[str, ...]], bool], or_says: str = "") -> Check:
    """Every listed paper passes ``test(year, authors)``, and at least one is listed; or
    the reply says ``or_says`` (an honest "none of those")."""

    def check(reply: str, answer: Answer | None) -> bool:
        if or_says and or_says in reply:
            return True
        found = [] if answer is None or answer.abstained else answer.results + answer.more
        return bool(found) and all(test(r.paper.year, r.paper.authors) for r in found)

    return check


def a_new_thread(check: Check) -> Check:
    """The reply is not a follow-up of the answer before (no "→" in its title)."""
    return lambda reply, answer: "→" not in reply.split("\n", 1)[0] and check(reply, answer)


def plain_text(check: Check) -> Check:
    """No Discord markdown reaches the terminal."""
    return lambda reply, answer: "**" not in reply and "](" not in reply and check(reply, answer)


@dataclass(frozen=True)
class Turn:
    line: str
    right: str  # what a user would call a right reply
    check: Check


PHD_STUDENT = [
    Turn("/help", "lists the commands, /cite included", says("/paper", "/author", "/cite")),
    Turn(
        "what's in this list? which subjects are there?",
        "counts the papers by year and subject",
        says("36 papers", "subjects: cs.LG"),
    ),
    Turn(
        "I'm new to HPC - anything on network topologies for training big models?",
        "HammingMesh among the first three, as plain text",
        plain_text(lists_any("HammingMesh")),
    ),
    Turn(
        "more",
        "the next page, or that there is none; not the 'ask about a topic' tip",
        lambda reply, _: "\n4. " in reply or reply.startswith("No more results"),
    ),
    Turn(
        "which of those are from 2022?",
        "only 2022 papers, or says none of those is",
        every_listed(lambda year, _: year == 2022, "None of those is from 2022"),
    ),
    Turn(
        "what about stencils on FPGAs?",
        "multi-pumping or Python FPGA programming",
        lists_any("Temporal Vectorization", "Python FPGA Programming"),
    ),
    Turn(
        "/paper temporal vectorization",
        "the paper's card",
        says("Temporal Vectorization: A Compiler Approach to Automatic Multi-Pumping\n==="),
    ),
    Turn("/cite temporal vectorization", "its BibTeX entry", says("@misc{hoefler2022temporal,")),
    Turn(
        "how does network variability in the cloud affect how well applications scale?",
        "Noise in the Clouds first",
        a_new_thread(first_is("Noise in the Clouds")),
    ),
    Turn(
        "is the MPI-3 standard paper in the list?",
        "says nothing listed answers it",
        a_new_thread(lambda reply, answer: answer is not None and answer.abstained),
    ),
]

HARDWARE_ENGINEER = [
    Turn("/author zhang", "Zhiru Zhang's card", says("Zhiru Zhang\n===", "Papers:\n  18")),
    Turn(
        "and which of those are from 2023?",
        "her six 2023 papers",
        every_listed(lambda year, authors: year == 2023 and "Zhiru Zhang" in authors),
    ),
    Turn(
        "what about the GPTQ paper, is it listed?",
        "GPTQ, not Zhang's papers",
        a_new_thread(first_is(GPTQ)),
    ),
    Turn(
        "papers on FPGA accelerators for LLM inference",
        "the FPGA spatial acceleration paper first",
        first_is(FPGA_LLM),
    ),
    Turn(
        "and which of them are from 2022?",
        "says none of those is from 2022, and shows them",
        says("None of those is from 2022; these ones, from other years, are:", "\n1. "),
    ),
    Turn(
        "fixed-point quantization for deep learning on FPGAs",
        "Trainable Fixed-Point Quantization first",
        first_is("Trainable Fixed-Point Quantization"),
    ),
    Turn(
        "which papers are about binary neural networks on NVM crossbars?",
        "the crossbar benchmarking paper first",
        first_is("Comprehensive Benchmarking of Binary Neural Networks"),
    ),
    Turn(
        "/paper allo programming model",
        "Allo's card",
        says("Allo: A Programming Model for Composable Accelerator Design\n==="),
    ),
    Turn("/ciet allo", "suggests /cite", says("Did you mean /cite?")),
    Turn(
        "user-space scheduling with hardware assistance",
        "the user-space scheduling paper first",
        first_is("Towards Fast, Adaptive, and Hardware-Assisted User-Space Scheduling"),
    ),
]

PI_READING_GROUP = [
    Turn(
        "I'm planning a reading group on efficient LLM inference, what should we read?",
        "LLM papers, the first one about LLMs",
        lists_any(*LLM_PAPERS, within=1),
    ),
    Turn(
        "and which of those are from 2023?",
        "only 2023 papers, or says none of those is, without 'Not a sure match'",
        lambda reply, answer: (
            "Not a sure match" not in reply
            and every_listed(lambda year, _: year == 2023, "None of those is from 2023")(
                reply, answer
            )
        ),
    ),
    Turn(
        "what about graph neural networks?",
        "GNN papers",
        lists_any(*GNN_PAPERS),
    ),
    Turn(
        "which of these are by Hoefler?",
        "only Hoefler's papers, or says none of those is",
        every_listed(lambda _, authors: "Torsten Hoefler" in authors, "None of those"),
    ),
    Turn("/author hoefler", "Torsten Hoefler's card", says("Torsten Hoefler\n===")),
    Turn(
        "what about the BERT paper, is it in the list?",
        "says BERT is not listed, not Hoefler's card again",
        says("No listed paper is the “BERT” paper."),
    ),
    Turn("how many papers per year are there?", "counts by year", says("36 papers", "2022: ")),
    Turn(
        "is there a dataset for post-processing ensemble weather forecasts?",
        "ENS-10 first",
        first_is("ENS-10"),
    ),
    Turn("/cite ENS-10", "ENS-10's BibTeX entry", says("@misc{hoefler2022ens")),
    Turn(
        "any quantum computing papers?",
        "a quantum paper among the first three",
        lists_any("Approximate Reversible Circuits", "Assessing requirements to scale"),
    ),
    Turn(
        "a model of energy-efficient parallel computation on a spatial grid",
        "The spatial computer first",
        first_is("The spatial computer"),
    ),
]

CONVERSATIONS = {
    "PhD student new to HPC": PHD_STUDENT,
    "hardware engineer": HARDWARE_ENGINEER,
    "PI planning a reading group": PI_READING_GROUP,
}


def test_three_newcomers_get_at_least_29_of_31_turns_right(engine: Engine) -> None:
    assert sum(len(turns) for turns in CONVERSATIONS.values()) == 31
    wrong: list[str] = []
    right = 0
    for who, turns in CONVERSATIONS.items():
        state = Conversation()
        for number, turn in enumerate(turns, start=1):
            reply = respond(engine, turn.line, state, 3)
            if turn.check(reply, state.answer):
                right += 1
            else:
                head = " | ".join(reply.splitlines()[:4])
                wrong.append(f"{who} #{number} {turn.line!r}: wanted {turn.right}; got {head}")
    print(f"\nnewcomer run: {right} of 31 turns right")
    for line in wrong:
        print(f"  wrong: {line}")
    assert right >= NEEDED, "\n".join(wrong)
