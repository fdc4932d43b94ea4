"""Reading what a question asks of titles: the words, where they end, what stays."""

from __future__ import annotations

import pytest

from retrieval.query.title_asks import TitleAsk, read_title_ask


@pytest.mark.parametrize(
    ("question", "phrases", "at_start", "rest"),
    [("lol which titles start with 'Understanding'", ("Understanding",), True, "lol which"),
     ("titles that mention quantization from 2024", ("quantization",), False, "from 2024"),
     ("titles that mention graph not from 2022", ("graph",), False, "not from 2022"),
     ("titles that mention graph in cs.LG", ("graph",), False, "in cs.LG"),
     ("titles containing 'Learning in Graphs'", ("Learning in Graphs",), False, ""),
     ("zhang papers with LLMs / large language models right in the title?",
      ("LLMs", "large language models"), False, "zhang papers ?"),
     ("which papers with graphs from 2022 have neural in the title?", ("neural",), False,
      "which papers graphs from 2022 ?"),
     # several quoted alternatives, and an optional plural
     ('papers with "GNN" or "graph network(s)" in the title', ("GNN", "graph network"),
      False, "papers"),
     ("titles containing 'mesh', 'tree' from 2022", ("mesh", "tree"), False, "from 2022"),
     # "the paper title", an alternative in brackets, a sentence after the words
     ("boxes with Python in the paper title", ("Python",), False, "boxes"),
     ("titles containing graph (or mesh). Thanks!", ("graph", "mesh"), False, ". Thanks"),
     ("titles that mention e.g. graphs", ("e.g. graphs",), False, ""),
     # "in them" is where the words are: the titles
     ("which titles have Mesh in them?", ("Mesh",), False, "which in them"),
     # quoted words after any verb end at the closing quote; what follows stays
     ("papers whose title bears the term 'Mesh' - all of them", ("Mesh",), False,
      "papers whose - all of them"),
     ("which titles feature the phrase 'Data-Centric'? I need all", ("Data-Centric",), False,
      "which ? I need all"),
     # adverbs around the ask: "Mesh right there" was the words asked
     ("any paper having Mesh smack in the title", ("Mesh",), False, "any paper"),
     ("which titles really contain 'Graph'?", ("Graph",), False, "which"),
     ("titles with the word 'Mesh' — including 'HammingMesh'", ("Mesh", "HammingMesh"), False,
      ""),
     # a paper's name is its title, said with or without "the", "a word" or "word"
     ("which ones have the word Sparse in their names", ("Sparse",), False, "which ones"),
     ("paper with word Mesh in name, from 2022", ("Mesh",), False, "paper , from 2022"),
     ("any paper with a word Python in its name?", ("Python",), False, "any paper ?"),
     # "the word X" after any verb is one word; a remark in parentheses on how to match
     # the words is no topic (its words had narrowed the titles found), a year stays
     ("a title that carries the word Graph from 2023", ("Graph",), False, "a from 2023"),
     ("is the word Mesh in any title?", ("Mesh",), False, "is ?"),
     ("which titles (from 2023) include Graph?", ("Graph",), False, "which from 2023"),
     ("titles containing Mesh (as a whole word) please", ("Mesh",), False, "please"),
     ("how many titles have 'graph' (any case, 'Graph Mining' counts)?", ("graph",), False,
      "how many"),
     ("titles with 'Mesh' (e.g. HammingMesh) by Zhang", ("Mesh",), False, "by Zhang"),
     ("titles containing Mesh (2022 only)", ("Mesh",), False, "(2022 only)"),
     ("titles containing Mesh (not counting HammingMesh)", ("Mesh",), False,
      "(not counting HammingMesh)"),  # what it sets aside stays, to be left out
     ("titles containing LLM (large language model)", ("LLM", "large language model"), False,
      ""),
     ("which titles contain Networks (plural, exactly)?", ("Networks",), False, "which"),
     # verbs of containing besides "contain", "the term" as "the word"
     ("titles featuring Python", ("Python",), False, ""),
     ("which titles carry Mesh?", ("Mesh",), False, "which"),
     ("titles containing the term Circuits", ("Circuits",), False, ""),
     ("how many titles contain the phrase Neural Network?", ("Neural Network",), False,
      "how many"),
     # where the titles are, between "titles" and the verb
     ("how many titles in the list contain the word graph?", ("graph",), False, "how many"),
     ("which titles on this page mention Quantization?", ("Quantization",), False, "which"),
     # a pointer stands for the word named before it, which is said once
     ("Graph: which titles contain it?", ("Graph",), False, "which"),
     ("My advisor keeps saying 'sparse'. Which titles use it?", ("sparse",), False,
      "My advisor keeps saying . Which"),
     ("I like the word Mesh. Which titles have that word?", ("Mesh",), False, "I like . Which"),
     ("Everyone's on about it, that's clear. Which titles have it?", ("it",), False,
      "Everyone's on about it, that's clear. Which")],
)  # fmt: skip
def test_the_words_asked_of_titles_end_where_a_filter_or_topic_begins(
    question: str, phrases: tuple[str, ...], at_start: bool, rest: str
) -> None:
    asked, left = read_title_ask(question)
    assert asked == TitleAsk(phrases, at_start) and left == rest


@pytest.mark.parametrize(
    ("question", "rest"),
    [("Which titles contain Graph? Which of them are from 2023?",
      "Which Which of them are from 2023?"),
     ("Which titles contain Graph? Thanks a lot!", "Which"),
     ("Which titles contain Graph? thx", "Which")],
)  # fmt: skip
def test_a_title_ask_followed_by_filters_alone_is_read(question: str, rest: str) -> None:
    # Only a title ask ending the message was read: the follow-up made it a topic search.
    asked, left = read_title_ask(question)
    assert asked == TitleAsk(("Graph",), at_start=False) and left == rest


def test_a_title_ask_followed_by_its_own_question_is_left_to_the_search() -> None:
    question = "Which titles contain Quantum? Also, what is the GPTQ paper about?"
    assert read_title_ask(question) == (None, question)


@pytest.mark.parametrize(
    "question",
    ["what is the title of the GPTQ paper?", "papers on graphs", "titles", "titles start with",
     "a paper with a title like 'More Than Meshes'",
     "papers cutting precision in the name of speed",  # an idiom, not a paper's name
     "titles start with" + " " * 470 + "?"],
)  # fmt: skip
def test_a_question_that_asks_no_words_of_titles_is_left_alone(question: str) -> None:
    assert read_title_ask(question) == (None, question)


@pytest.mark.parametrize(
    ("title", "matches"),
    [("ProbGraph: High-Performance Graph Mining", True),  # a part of a closed-up name
     ("Polynormer: Polynomial-Expressive Graph Transformer", True),
     ("Paragraphs of Text", False), ("Neural Databases", False)],
)  # fmt: skip
def test_a_title_word_matches_whole_words_plurals_and_parts_of_names(
    title: str, matches: bool
) -> None:
    assert TitleAsk(("graphs",), at_start=False).matches(title) is matches


@pytest.mark.parametrize(
    ("phrase", "title", "matches"),
    [("a colon", "ProbGraph: Graph Mining", True), ("colons", "Graph Mining", False),
     ("a hyphen", "Mixture-of-Experts", True), ("any numbers", "ENS-10: A Dataset", True),
     ("a number", "Neural Graph Databases", False), ("an ampersand", "Q&A at Scale", True),
     # "number" or "colon" alone is a word asked of titles, not a mark
     ("number", "ENS-10: A Dataset", False), ("number", "Number Formats", True),
     ("Colon", "ProbGraph: Graph Mining", False), ("parentheses", "Graphs (and Meshes)", True)],
)  # fmt: skip
def test_a_mark_asked_by_its_name_matches_titles_that_write_it(
    phrase: str, title: str, matches: bool
) -> None:
    # "No listed title has “a colon”": the name was looked for as a word
    assert TitleAsk((phrase,), at_start=False).matches(title) is matches


@pytest.mark.parametrize(
    ("question", "phrases", "rest"),
    [("which titles don't contain graph?", ("graph",), "which"),
     ("how many titles do not contain a colon?", ("a colon",), "how many"),
     ("which titles have no colon?", ("a colon",), "which"),  # a mark keeps its article
     ("titles without the word Mesh", ("Mesh",), ""),
     ("titles lacking 'Graph' from 2023", ("Graph",), "from 2023"),
     ("papers that don't have Mesh in the title", ("Mesh",), "papers that don't")],
)  # fmt: skip
def test_a_negated_title_ask_asks_for_the_titles_without_the_words(
    question: str, phrases: tuple[str, ...], rest: str
) -> None:
    # "No listed title has “no colon”", or the titles that have the word
    asked, left = read_title_ask(question)
    assert asked == TitleAsk(phrases, at_start=False, negated=True) and left == rest
    assert asked.matches("Neural Databases") and not asked.matches("Graph: Mesh and More")


def test_a_title_ask_beside_a_negated_topic_is_no_negated_ask() -> None:
    asked, left = read_title_ask("papers without GPUs that have Mesh in the title")
    assert asked == TitleAsk(("Mesh",), at_start=False) and left == "papers without GPUs that"


def test_a_mark_asked_at_the_end_matches_a_title_ending_with_it() -> None:
    asked = TitleAsk(("a question mark",), at_start=False, at_end=True)
    assert asked.matches("Is Attention All You Need?") and not asked.matches("Why? Because")


def test_a_title_start_matches_only_at_the_start() -> None:
    asked = TitleAsk(("Understanding",), at_start=True)
    assert asked.matches("Understanding Hyperdimensional Computing")
    assert not asked.matches("Towards Understanding Graphs")


def test_a_title_start_or_end_matches_letters_as_typed() -> None:
    # "titles starting with S" said no listed title starts with "S"; "ending with" was
    # searched as a topic.
    assert TitleAsk(("SA",), at_start=True).matches("SAGMAN: Stability Analysis")
    assert not TitleAsk(("SA",), at_start=True).matches("Slapo: A Schedule Language")
    assert TitleAsk(("Graphs",), at_start=True).matches("Graph Databases at Scale")
    ends = TitleAsk(("Networks",), at_start=False, at_end=True)
    assert ends.matches("Stability of Graph Neural Networks")
    assert not ends.matches("Networks of Graphs")
    asked, left = read_title_ask("which titles end with Networks?")
    assert asked == TitleAsk(("Networks",), False, True) and left == "which"
