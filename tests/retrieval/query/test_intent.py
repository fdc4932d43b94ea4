"""Reading a question as a whole: authors with typos or in other languages, years and
subjects written in plain language, and what is left to search for."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.index.taxonomy import names as subject_names
from retrieval.query.asking import by_date, without_actions
from retrieval.query.intent import IntentReader
from retrieval.query.names import AuthorNames
from retrieval.query.textfilters import Years, read_subject_codes, read_years, spell_years

AUTHORS = ["Torsten Hoefler", "Zhiru Zhang"]
SUBJECTS = ["cs.LG", "cs.DC", "cs.PL", "cs.SE", "cs.CV", "cs.ET", "quant-ph"]
VOCABULARY = ["quantization", "weather", "forecasting", "graph", "networks", "fpga"]


@pytest.fixture(scope="module")
def reader() -> IntentReader:
    return IntentReader(AUTHORS, SUBJECTS, VOCABULARY)


@pytest.mark.parametrize(
    ("question", "author"),
    [
        ("papers by zhiru zhangg?", "Zhiru Zhang"),
        ("give me a rundown of zhiru zhnag's research", "Zhiru Zhang"),
        ("what topics does Toresten Hoefler research?", "Torsten Hoefler"),
        ("torsten hofler 2022 papers", "Torsten Hoefler"),
        ("what is hoeffler working on", "Torsten Hoefler"),
        ("请概括一下Torsten Hoefler在这里的论文。", "Torsten Hoefler"),
        ("Peux-tu résumer les travaux de Zhiru Zhang présents ici ?", "Zhiru Zhang"),
        ("What has Torsten been working on?", "Torsten Hoefler"),  # a given name alone
        ("zhiru's papers on graphs", "Zhiru Zhang"),
        ("Zhang Zhiru", "Zhiru Zhang"),  # family name first
        ("change the hang of it", None),  # "hang" is one letter from "zhang", but a word
        ("graph neural networks", None),
    ],
)  # fmt: skip
def test_a_listed_author_is_found_despite_typos_and_languages(
    reader: IntentReader, question: str, author: str | None
) -> None:
    assert reader.read(question).people.author == author


def test_the_author_name_is_taken_out_of_what_is_searched() -> None:
    question = "Zhiru Zhang's papers on quantization"
    (mention,) = AuthorNames(AUTHORS).find(question)
    assert question[mention.end :].strip() == "papers on quantization"
    assert IntentReader(AUTHORS, SUBJECTS, VOCABULARY).read(question).topic == "quantization"
    # A given name the abstracts use as a word is a name only next to the family name.
    pascal = AuthorNames(["Pascal Fua"], frozenset({"pascal"}))
    assert pascal.find("benchmarks on Pascal GPUs") == []
    assert AuthorNames(["Zhiru Zhang", "Wei Zhang"]).find("Zhang Wei papers")[0].author == (
        "Wei Zhang"
    )


@pytest.mark.parametrize(
    ("question", "author"),
    [
        ("what is the best paper on graphs?", None),  # "T. He" as one word
        ("who wrote the FPGA paper?", None),  # "W. Ho"
        ("papers I like on graphs", None),  # "Li Ke"
        ("@ZhiruZhang graph papers", "Zhiru Zhang"),
        ("@THe graph papers", None),
    ],
)
def test_a_name_written_as_one_word_is_no_english_word(question: str, author: str | None) -> None:
    names = AuthorNames(["Zhiru Zhang", "T. He", "W. Ho", "Li Ke"])
    assert [m.author for m in names.find(question)] == ([author] if author else [])


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("zhang's papers from 2024", Years(2024, 2024)),
        ("anything since 2023?", Years(2023, None)),
        ("papers after 2022", Years(2023, None)),
        ("2022-2023 papers", Years(2022, 2023)),
        ("between 2022 and 2023", Years(2022, 2023)),
        ("before 2024", Years(None, 2023)),
        ("until 2023", Years(None, 2023)),
        ("2023 or later", Years(2023, None)),
        ("after 2022 until 2024", Years(2023, 2024)),
        (">2022 papers", Years(2023, None)),
        ("papers >= 2023", Years(2023, None)),
        ("<2024", Years(None, 2023)),
        ("≤ 2023", Years(None, 2023)),
        ("pre-2023 work", Years(None, 2022)),
        ("post-2022 work", Years(2023, None)),
        ("papers from 2022 or 2024", Years(2022, 2024, (2022, 2024))),
        ("2022 and 2024 papers", Years(2022, 2024, (2022, 2024))),
        ("in 2022, 2023 and 2024", Years(2022, 2024)),  # no gap: a range
        ("papers no later than 2023", Years(None, 2023)),
        ("papers earlier than 2024", Years(None, 2023)),
        ("papers newer than 2022", Years(2023, None)),
        ("papers in or after 2023", Years(2023, None)),
        ("not before 2023", Years(2023, None)),
        ("2023 onward", Years(2023, None)),
        ("papers starting 2023", Years(2023, None)),
        ("papers from 2023 on quantization", Years(2023, 2023)),  # "on" starts the topic
        ("papers from the 2020s", Years(2020, 2029)),
        ("papers from early 2023", Years(2023, 2023)),
        ("papers from the early 2020s", Years(2020, 2029)),
        ("which 2024 LLMs are quantized", Years(2024, 2024)),  # a year, not a count
        ("graphs with 2024 nodes", None),  # counts, not years
        ("scaling to 1999 processors", None),
        ("runs on 2048 GPUs", None),  # a count, not a year
        ("compress OPT-175B to 3 or 4 bits", None),
        # a calendar date dates the message, not the papers; after "since" it bounds them
        ("2023-09-14 lab notes: which papers cover HLS?", None),
        ("seen on 14/09/2023: a talk on graph mining", None),
        ("papers since 2023-06-01", Years(2023, None)),
        # a year inside a key or a file name is part of that name
        ("key ui.papers.2023.title: how many graph papers?", None),
        ("which papers use FPGAs? see runs_2024_final.csv", None),
        ("ui.papers.title: how many 2023 papers?", Years(2023, 2023)),
        # a number after "#", or with a decimal point, is no year
        ("how many graph papers? (see ticket #2023)", None),
        ("papers listed under arXiv:2023.01234 about FPGAs", None),
        # a long run of joined words around a year is read in one pass, not every split
        ("graph papers " + "a_" * 60 + "2023_" + "b_" * 60 + "!", None),
        # a month, season or quarter dates within the year: the list gives years only
        ("papers from March 2023", Years(2023, 2023)),
        ("anything since Sept. 2023?", Years(2023, None)),
        ("between spring 2022 and fall of 2023", Years(2022, 2023)),
        ("Q3 2024 papers on graphs", Years(2024, 2024)),
        ("anything before June 2024?", Years(None, 2024)),  # June 2024 is in 2024
        ("papers newer than August 2023", Years(2023, None)),
        ("papers until the end of March 2024", Years(None, 2024)),
        # the ends of the years listed, not the year before this one
        ("how many papers, first and last year?", None),
        ("the first and the last year of his papers", None),
    ],
)  # fmt: skip
def test_years_in_plain_language_become_a_range(text: str, years: Years | None) -> None:
    assert read_years(text)[0] == years


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("papers from last year", Years(2025, 2025)),
        ("anything from this year?", Years(2026, 2026)),
        ("papers in the past 3 years", Years(2023, None)),  # the partial year counts
        ("work from two years ago", Years(2024, 2024)),
        ("papers this decade", Years(2020, 2029)),
        ("papers from the past year", Years(2025, None)),
        ("papers from before last year", Years(None, 2024)),
        ("over the last decade", Years(2016, None)),
        ("papers from 2 years back", Years(2024, 2024)),
        ("from 2020 until last year", Years(2020, 2025)),  # with a written year
        ("no later than last year", Years(None, 2025)),
    ],
)
def test_years_counted_back_from_today(text: str, years: Years) -> None:
    assert read_years(text, this_year=2026)[0] == years


@pytest.mark.parametrize(
    ("text", "years"),
    [
        # the asker's own doing: no filter
        ("I read FLIQS last year. Which quantization papers now?", None),
        ("Which paper should I read next year on graph transformers?", None),
        ("Two years ago we moved to FPGAs. Papers on HLS?", None),
        ("Last year, I tried pruning. Anything better?", None),
        ("What should we study this year?", None),
        ("We are planning to read GNN papers next year. Where to start?", None),
        ("Starting next year I'll teach HPC; which papers on networks?", None),
        ("Since last year our group has used FPGAs. Which papers help?", None),
        ("I have been using HLS since two years ago. Papers on it?", None),
        ("We have been busy this year. Any papers on sparse tensors?", None),
        ("I was at a workshop last year; which papers are on FPGAs?", None),
        # a year named from today that opens the sentence before the asker, whatever
        # the asker does
        ("This year I wish for the papers on graph learning.", None),
        ("Last year, we decided to try HLS. Which papers would help?", None),
        # the papers' year, even when the asker speaks
        ("I want papers from last year", Years(2025, 2025)),
        ("I'm after what Zhang did last year", Years(2025, 2025)),
        ("I need what came out two years ago", Years(2024, 2024)),
        ("I'd read last year's work on graphs", Years(2025, 2025)),
        ("Last year Zhang wrote on GNNs, which ones?", Years(2025, 2025)),
        ("What did Hoefler publish last year?", Years(2025, 2025)),
        # asking, wanting or caring is no doing of the asker's: the papers' year
        ("I need Hoefler's publications two years ago.", Years(2024, 2024)),
        ("I only care about two years ago: any FPGA papers?", Years(2024, 2024)),
        ("What have we got this year?", Years(2026, 2026)),
        ("I'm writing a survey covering last year", Years(2025, 2025)),
        ("I want to study everything Zhang did three years ago.", Years(2023, 2023)),
        ("I will read whatever Hoefler did two years ago", Years(2024, 2024)),
        ("I saw him speak three years ago; which of his papers that year?", Years(2023, 2023)),
        ("This year, which papers are on GNNs?", Years(2026, 2026)),
        ("This year's papers on GNNs?", Years(2026, 2026)),
        ("I was wondering which GNN papers came out last year.", Years(2025, 2025)),
        # what the asker was told: the year is the papers'
        ("I was told Zhang wrote on graph learning in 2023.", Years(2023, 2023)),
        ("We were sure Hoefler wrote on quantum last year.", Years(2025, 2025)),
    ],
)  # fmt: skip
def test_a_year_counted_back_that_dates_the_askers_doing_is_no_filter(
    text: str, years: Years | None
) -> None:
    assert read_years(text, this_year=2026)[0] == years


@pytest.mark.parametrize(
    ("text", "years"),
    [
        # the asker's own doing: no filter
        ("Back in 2019 I worked on sparse codes. Anything on sparse formats?", None),
        ("We moved our solver to FPGAs in 2022. Papers on HLS?", None),
        ("Since 2021 my lab has used GPUs for weather; which papers port climate codes?", None),
        ("I am looking for what my lab used in 2022", None),
        # the papers' year
        ("I need papers in 2023 on GNNs", Years(2023, 2023)),
        ("In 2023, which papers did Hoefler write on GNNs?", Years(2023, 2023)),
        ("I am reading the 2023 papers on graphs", Years(2023, 2023)),
        ("We read a lot in 2021; which quantization papers are from 2023?", Years(2023, 2023)),
        ("I worked on sparse codes from 2019 to 2021", Years(2019, 2021)),
        ("Which papers has my team not read since 2023?", Years(2023, None)),
    ],
)  # fmt: skip
def test_a_written_year_that_dates_the_askers_doing_is_no_filter(
    text: str, years: Years | None
) -> None:
    assert read_years(text, this_year=2026)[0] == years


def test_subject_codes_are_read_and_their_names_removed() -> None:
    found, rest = read_subject_codes("machine learning (cs.LG) papers", subject_names())
    assert found.codes == ("cs.LG",) and "machine" not in rest
    found, _ = read_subject_codes("anything in cs.PL or cs.SE?", subject_names())
    assert found.codes == ("cs.PL", "cs.SE")
    found, _ = read_subject_codes("what is in QUANT-PH", subject_names())
    assert found.codes == ("quant-ph",)
    found, _ = read_subject_codes("cs.XY papers", subject_names())
    assert found.codes == () and found.unknown == ("cs.XY",)


@pytest.mark.parametrize(
    ("text", "codes"),
    [("papers filed under cs dot E T", ("cs.ET",)),
     ("how many in cs dot lg?", ("cs.LG",)),
     ("the cs-dot-DC ones", ("cs.DC",)),
     ("dot products in cs", ()),  # no code said
     ("xx dot LG", ())],  # no such archive
)  # fmt: skip
def test_a_subject_code_said_aloud_is_read(text: str, codes: tuple[str, ...]) -> None:
    found, rest = read_subject_codes(text, subject_names())
    assert found.codes == codes
    assert ("dot" in rest) == (not codes)


def test_a_subject_name_is_a_filter_only_when_nothing_else_is_asked(
    reader: IntentReader,
) -> None:
    alone = reader.read("quantum physics papers")
    assert alone.subjects == ("quant-ph",) and alone.topic == ""
    topical = reader.read("machine learning for weather forecasting")
    assert topical.subjects == () and "weather" in topical.topic
    assert reader.read("ML papers from 2023").subjects == ("cs.LG",)  # everyday names too
    assert reader.read("distributed computing papers").subjects == ("cs.DC",)
    assert reader.read("cs.ET cs.SE").subjects == ("cs.ET", "cs.SE")  # "et" is not French


@pytest.mark.parametrize(
    "question",
    [
        "how many Zhiru Zhang papers do you have?",
        "which categories does hoefler publish in",
        "what's the newest paper by Zhang?",
        "gimme the full hoefler paper list",
        "What does Torsten Hoefler work on?",
        # "breakdown" was searched among his papers, or made the author background
        "Hoefler: overview please, with the subject breakdown",
        "Zhang's papers, year breakdown please",
        "Hoefler, give me the breakdown of the subjects",
    ],
)
def test_questions_about_an_author_leave_no_topic(reader: IntentReader, question: str) -> None:
    intent = reader.read(question)
    assert intent.people.author is not None and intent.topic == ""


@pytest.mark.parametrize(
    "question",
    [
        "FPGA work by Zhang and colleagues",
        "FPGA papers by Prof. Zhang",
        "FPGA papers by Zhang et al.",
        "Dr Zhang's group's FPGA papers",
        "what has Zhang's lab done on FPGA",
        "FPGA work by Zhang and his students",
        "Zhang and his PhD students on FPGA",
        "Zhang & co. on FPGA",
        "Herr Professor Zhang on FPGA",
        "Zhang etal FPGA",
    ],
)
def test_titles_and_the_people_around_an_author_are_no_topic(
    reader: IntentReader, question: str
) -> None:
    intent = reader.read(question)
    assert intent.people.author == "Zhiru Zhang" and intent.topic == "fpga"


def test_not_by_a_titled_author_leaves_the_author_out(reader: IntentReader) -> None:
    intent = reader.read("graph papers not by Prof. Hoefler")
    assert intent.people.author is None and intent.exclusions.authors == ("Torsten Hoefler",)


def test_a_field_abbreviation_beside_a_topic_is_not_searched(reader: IntentReader) -> None:
    weather = reader.read("ML for weather forecasting")  # no abstract says "ML"
    assert weather.subjects == () and "ml" not in weather.search_text.casefold().split()
    assert weather.topic == "weather forecasting"
    spelled = IntentReader(AUTHORS, SUBJECTS, [*VOCABULARY, "machine", "learning"]).read(
        "machine learning for weather forecasting"
    )  # words the abstracts use are searched
    assert "machine learning" in spelled.search_text


def test_weighing_two_areas_of_an_author_is_read_as_such(reader: IntentReader) -> None:
    assert reader.read("is zhang more of a hardware guy or an ML guy?").people.leaning
    assert reader.read("is Hoefler more into theory or systems?").people.leaning
    assert reader.read("what does Zhang work on more, hardware or ML?").people.leaning
    assert reader.read("is Zhang more into GNNs than quantization?").people.leaning
    assert not reader.read("Zhang's papers on hardware for ML").people.leaning
    assert not reader.read(
        "does Zhang have anything more on quantization or sparsity?"
    ).people.leaning
    assert not reader.read("Hoefler papers on more efficient training or inference").people.leaning


def test_words_that_only_look_like_people_or_fields_stay_topics(reader: IntentReader) -> None:
    assert reader.read("Zhang's co-design work").topic == "co design"
    assert reader.read("Zhang's group theory papers").topic == "group theory"
    assert reader.read("Zhang's papers on late interaction").topic == "late interaction"
    assert reader.read("SE(3)-equivariant graph networks").search_text.startswith("SE(3)")
    assert "per se" in reader.read("is pruning per se harmful").search_text
    assert not reader.read("which Hoefler paper is more of a survey or a benchmark?").people.leaning


def test_a_constraint_stays_with_the_author(reader: IntentReader) -> None:
    intent = reader.read("hoefler's papers on quantization since 2023")
    assert intent.people.author == "Torsten Hoefler" and intent.years == Years(2023, None)
    assert intent.topic == "quantization"
    assert intent.filters().year_from == 2023 and intent.filters().author is None


@pytest.mark.parametrize(
    ("question", "years", "subjects"),
    [("quantization papers excluding 2023", ("2023",), ()),
     ("graph papers not in cs.LG", (), ("cs.LG",)),
     ("anything other than 2022 on FPGAs?", ("2022",), ()),
     ("anything but 2024", ("2024",), ())],
)  # fmt: skip
def test_a_year_or_subject_to_leave_out_is_not_read_as_asked_for(
    reader: IntentReader, question: str, years: tuple[str, ...], subjects: tuple[str, ...]
) -> None:
    intent = reader.read(question)
    assert intent.years is None and intent.subjects == ()
    left = intent.exclusions
    assert left.years == years and left.subjects == subjects
    assert not any(each in intent.search_text for each in years + subjects)


def test_several_authors_are_read_and_an_author_to_leave_out_is_not_asked_for(
    reader: IntentReader,
) -> None:
    both = reader.read("papers by Hoefler or Zhang from 2023")
    assert both.people.author == "Torsten Hoefler" and both.people.also_by == ("Zhiru Zhang",)
    assert both.topic == ""
    for question in ["papers not by Hoefler", "non-Hoefler papers", "graphs that aren't by Hoefler",
                     "papers without Hoefler", "papers not written by Hoefler",
                     "papers except by Hoefler", "papers excluding those by Hoefler"]:  # fmt: skip
        left = reader.read(question)
        assert left.people.author is None, question
        assert left.exclusions.authors == ("Torsten Hoefler",), question
        assert "hoefler" not in left.search_text.casefold()


@pytest.mark.parametrize(
    "question",
    [
        "No Hoefler papers please. Which papers quantize large language models?",
        "Which papers quantize large language models? Skip Hoefler's.",
        "Which papers quantize large language models, nothing by Hoefler?",
        "Nothing from Hoefler. Which papers quantize large language models?",
        "graph papers, leaving out Hoefler",
        "quantization, Hoefler excluded",
        "gnn papers w/o hoefler",
        "Other than anything by Hoefler, what's on Bloom filters?",
        # verbs in their forms ("ignore" and "ing" had made "ignoreing")
        "quantization papers, ignoring Hoefler",
        "graph papers, Hoefler's omitted",
        "FPGA work with Hoefler ignored",
    ],
)
def test_more_ways_of_leaving_an_author_out_are_read(reader: IntentReader, question: str) -> None:
    # Each was read as asking for his papers alone: the opposite.
    left = reader.read(question)
    assert left.people.author is None and left.exclusions.authors == ("Torsten Hoefler",)


@pytest.mark.parametrize(
    "question",
    ["Is there no Hoefler paper on quantization?", "Is there nothing from Hoefler on FPGAs?"],
)
def test_asking_whether_an_author_has_none_leaves_no_one_out(
    reader: IntentReader, question: str
) -> None:
    asked = reader.read(question)
    assert asked.people.author == "Torsten Hoefler" and not asked.exclusions.authors


@pytest.mark.parametrize(
    ("text", "spelled"),
    [
        ("papers from 2021-22", "papers from 2021-2022"),
        ("quantization work in 2023–24?", "quantization work in 2023–2024?"),
        ("papers from '23", "papers from 2023"),
        ("anything from the 90s?", "anything from the 1990s?"),
        ("the '20s", "the 2020s"),
        ("the 2023-05 release", "the 2023-05 release"),  # a month, not a range
        ("it's 4 bits", "it's 4 bits"),
        ("papers 2023 to 24", "papers 2023 to 2024"),
        ("papers from ‘22–‘23", "papers from 2022–2023"),
    ],
)
def test_years_written_short_are_read_in_full(text: str, spelled: str) -> None:
    assert spell_years(text, this_year=2026) == spelled


@pytest.mark.parametrize(
    ("text", "spelled"),
    [
        ("Zhang's papers in twenty twenty-four", "Zhang's papers in 2024"),
        ("anything from twenty twenty two?", "anything from 2022?"),
        ("from two thousand and twenty-three", "from 2023"),
        ("back in nineteen ninety nine", "back in 1999"),
        ("since twenty oh five", "since 2005"),
        ("Zhang's twenty twenty-three papers", "Zhang's 2023 papers"),
        # counts, years no paper could be from, and words said where no year is asked
        # stay words (an adversarial pass found them read as years)
        ("twenty one papers", "twenty one papers"),
        ("twenty-two papers", "twenty-two papers"),
        ("from twenty fifty-one", "from twenty fifty-one"),
        ("call me at twenty twenty-three", "call me at twenty twenty-three"),
        ("room twenty twenty-two", "room twenty twenty-two"),
        (
            "they use two thousand and twenty-four DSPs",
            "they use two thousand and twenty-four DSPs",
        ),
    ],
)
def test_years_said_in_words_are_read_as_digits(text: str, spelled: str) -> None:
    assert spell_years(text, this_year=2026) == spelled


def test_short_years_become_the_filters_they_spell(reader: IntentReader) -> None:
    assert reader.read("papers from 2021-22").years == Years(2021, 2022)
    assert reader.read("anything from '23?").years == Years(2023, 2023)
    assert reader.read("papers not from 2023-24").exclusions.years == ("2023", "2024")
    assert reader.read("papers from twenty twenty-three").years == Years(2023, 2023)
    assert reader.read("papers from 2023‐24").years == Years(2023, 2024)  # U+2010 hyphen


@pytest.mark.parametrize(
    ("question", "left"),
    [
        ("no 2022 papers please", ("2022",)),
        ("papers from neither 2022 nor 2023", ("2022", "2023")),
        ("skip 2023", ("2023",)),
        ("non-2022 papers", ("2022",)),
        ("papers not from the 2020s", tuple(str(year) for year in range(2020, 2030))),
        ("are there no papers from 2022?", ()),  # asks whether there are any
        ("non-linear models", ()),
        ("skip connections", ()),
    ],
)
def test_years_left_out_in_other_words_are_left_out(
    reader: IntentReader, question: str, left: tuple[str, ...]
) -> None:
    assert reader.read(question).exclusions.years == left


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("graph papers, skip anything before 2023", Years(2023, None)),
        ("graph papers, not before 2023", Years(2023, None)),
        ("graph papers, nothing before 2023", Years(2023, None)),
        ("graph papers except those before 2023", Years(2023, None)),
        ("graph papers, nothing after 2022", Years(None, 2022)),
        ("graph papers, ignore anything from 2023 on", Years(None, 2022)),
        ("graph papers before 2023", Years(None, 2022)),  # not left out
    ],
)
def test_a_bound_left_out_keeps_the_other_side(
    reader: IntentReader, question: str, years: Years
) -> None:
    # "nothing before 2023" read as "before 2023"; "skip anything before 2023" as a
    # topic "2023" left out ("No paper here was found to be about “2023”").
    intent = reader.read(question)
    assert intent.years == years and not intent.exclusions.topics


def test_a_method_after_by_is_no_person_and_count_min_is_no_count(reader: IntentReader) -> None:
    assert reader.read("memory savings achieved by FlashAttention").people.unlisted_author is None
    assert reader.read("papers by Dan Alistarh").people.unlisted_author == "Dan Alistarh"
    assert not reader.read("papers on count-min sketch").counting.how_many
    assert reader.read("top 5 accuracy on imagenet").counting.shown is None


def test_how_many_to_show_is_not_a_topic(reader: IntentReader) -> None:
    top = reader.read("top 10 papers on graphs")
    assert top.topic == "graphs" and top.counting.shown == 10
    assert reader.read("quantize to 4 bits").counting.shown is None
    assert reader.read("the 2023 ones").topic == ""
    assert reader.read("papers from ２０２３").years == Years(2023, 2023)  # full-width digits
    one = reader.read("give me one paper on graphs")
    assert one.counting.shown == 1 and "one" not in one.search_text
    assert reader.read("a single paper on LLMs").counting.shown == 1
    assert reader.read("give me two papers on graphs").counting.shown == 2
    counted = reader.read("number of quantization papers")
    assert counted.counting.how_many and counted.search_text.split() == ["quantization", "papers"]
    assert "many" not in reader.read("how many papers on efficiency?").search_text


@pytest.mark.parametrize(
    ("question", "count"),
    [("how many papers are there?", True), ("Of the papers here, how many are on GNNs?", True),
     ("papers: how many GNN ones?", True), ("Hoefler's papers: how many use GPUs?", True),
     ("how many GNNs are in the list?", True), ("which papers, and how many, cover GNNs?", True),
     # a count inside the description of the paper asked for
     ("the study that counts how many global messages a solver sends", False),
     ("which paper measures how many bits each weight needs?", False),
     ("one paper on how many processes a job spawns", False),
     ("which papers report how many nodes they used?", False),
     ("which paper works out how many building blocks a quantum computer needs?", False),
     ("a study of how many GPU hours a training run takes", False),
     ("research on estimating how many common neighbours two vertices share", False),
     ("I'm wondering how many are about GNNs", True),
     # what a paper does, asked of it or of a field
     ("how many GPUs does the Acme paper train on?", False),
     ("how many qubits are needed to factor a number?", False),
     # a count of papers first, then one inside what they study
     ("how many papers study how many bits a weight needs?", True)],
)  # fmt: skip
def test_how_many_asks_a_count_unless_it_describes_the_paper(
    reader: IntentReader, question: str, count: bool
) -> None:
    assert reader.read(question).counting.how_many is count


def test_plural_and_code_questions_are_recognised(reader: IntentReader) -> None:
    assert reader.read("which papers target FPGAs?").plural
    assert not reader.read("the paper that quantizes GPT to 3 bits").plural
    assert reader.read("which of these have code on github?").wants_code
    assert not reader.read("summarize by year and subject code").wants_code


@pytest.mark.parametrize(
    "question",
    ["which works involve high-level synthesis?", "which ones use FPGAs?",
     "list the cs.ET papers", "give me a list of quantization work",
     "can you compare GPTQ and FLIQS? both seem to be about quantization",
     "anything on graph databases?", "does anything cover in-memory computing?",
     "everything on weather and climate", "collect all of them, please",
     "show me all the quantization research", "I want all work on FPGAs",
     "everything", "show me all", "what's in here, all of it",
     "weather stuff?", "got any quantization stuff?", "FPGA stuff from Zhang?"],
)  # fmt: skip
def test_asking_for_several_papers_is_plural(reader: IntentReader, question: str) -> None:
    assert reader.read(question).plural


@pytest.mark.parametrize(
    "question",
    ["could an AI that studies chip wiring diagrams handle designs it has never seen?",
     "a way to shrink a photo to a few words that still works",
     "computing with long strings of ones and zeros, and why it is less accurate",
     "a model that can look at everything at once",
     "has anyone in this list sorted a list of numbers on a grid of cores?",
     "a mixed precision search that covers both int and fp8",
     "could a chatbot skip stages for easy words and use all its layers for hard ones?",
     "did they do anything to make the redrawn image closer?"],
)  # fmt: skip
def test_those_words_inside_a_topic_do_not_ask_for_a_list(
    reader: IntentReader, question: str
) -> None:
    # A list answer keeps its cut; a one-paper question gets its best paper first.
    assert not reader.read(question).plural


@pytest.mark.parametrize(
    "question",
    ["papers with code", "is the code available?", "which papers release their code",
     "any open-source implementation?", "where can I find the code for QFX"],
)  # fmt: skip
def test_asking_where_the_code_is_wants_code(reader: IntentReader, question: str) -> None:
    assert reader.read(question).wants_code


@pytest.mark.parametrize(
    "question",
    ["papers on weather or climate, or weather code as a case study",
     "decoders for surface-code quantum error correction", "HLS code generation backends",
     "a representation of code fragments to guide tuning", "an efficient FPGA implementation",
     "papers dealing with code smells", "which papers have code review datasets",
     "papers on code generation available online"],
)  # fmt: skip
def test_code_as_a_topic_does_not_ask_for_code(reader: IntentReader, question: str) -> None:
    # Asking for code favours papers whose abstract links it: not the topic asked for.
    assert not reader.read(question).wants_code


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_reading_any_text_never_fails(text: str) -> None:
    intent = IntentReader(AUTHORS, SUBJECTS, VOCABULARY).read(text)
    assert 0.0 <= intent.understood <= 1.0
    if intent.years and intent.years.start and intent.years.end:
        assert intent.years.start <= intent.years.end


@pytest.mark.parametrize(
    "question",
    [
        "Our group builds FPGA boards and we liked Zhang's work on HLS. The boards now "
        "run hot. Is there a paper in the list on thermal throttling of FPGAs?",
        "I heard Hoefler speak at a conference last year. Our cluster is noisy. Which "
        "papers measure performance variability in the cloud?",
    ],
)
def test_an_author_named_only_in_the_background_is_no_author_of_the_ask(
    reader: IntentReader, question: str
) -> None:
    assert reader.read(question).people.author is None


@pytest.mark.parametrize(
    "question",
    [
        "Pardon me. Tell me about the papers of Zhiru Zhang here. How many? Which "
        "subjects? Thank you very much.",
        "Good day. I am curious about Zhiru Zhang's papers in this list. How many per "
        "year? Which subjects? Thank you very much.",
    ],
)
def test_thanks_after_an_ask_of_no_words_of_its_own_keep_the_author(
    reader: IntentReader, question: str
) -> None:
    # The thanks were the ask's own words: the author, named before it, was dropped as
    # background, and the whole list was counted.
    assert reader.read(question).people.author is not None


@pytest.mark.parametrize(
    ("question", "years"),
    [
        # said in the background only: when the asker did something, no filter
        (
            "My team wrote a simulator last year. We now target FPGAs. Were there papers "
            "on learning fixed-point formats for FPGA inference?",
            None,
        ),
        (
            "In 2021 our lab moved to FPGAs. We write HLS by hand. Is there a programming "
            "model for composing accelerator designs?",
            None,
        ),
        # said in the ask, or taken along by an ask too short to stand alone: a filter
        (
            "We build weather models. Our code is Fortran. Which papers from 2022 port "
            "climate codes to Python?",
            Years(2022, 2022),
        ),
        (
            "I am writing a survey of 2023 work. It covers quantization. Which to cite?",
            Years(2023, 2023),
        ),
    ],
)
def test_years_only_in_the_background_date_the_asker_not_the_papers(
    reader: IntentReader, question: str, years: Years | None
) -> None:
    assert reader.read(question).years == years


@pytest.mark.parametrize(
    "question",
    [
        "We are visiting Cornell next week. I will meet Zhiru Zhang there. Which of his "
        "papers are about graphs?",
        "We read a lot of HPC papers. Our favourite group is Hoefler's. How many papers "
        "do they have in the list?",
        "We run a reading group. Everyone picks an author. Which of Hoefler's papers are "
        "about networks?",
    ],
)
def test_an_ask_naming_or_pointing_at_the_author_keeps_them(
    reader: IntentReader, question: str
) -> None:
    assert reader.read(question).people.author is not None


@pytest.mark.parametrize(
    ("question", "left"),
    [
        ("Hoefler papers that aren't from 2022", "2022"),
        ("Zhang papers that weren't published in 2024", "2024"),
    ],
)
def test_years_a_clause_says_papers_are_not_from_are_left_out(
    reader: IntentReader, question: str, left: str
) -> None:
    # "that aren't from 2022" asked for the papers from 2022 alone: the opposite.
    read = reader.read(question)
    assert read.exclusions.years == (left,) and read.years is None


def test_words_for_any_thing_are_no_topic(reader: IntentReader) -> None:
    # "nothing" was a topic word no paper has: "None of Hoefler's papers is about “nothing
    # quantization”", though GPTQ is his.
    assert reader.read("Did Hoefler write nothing on quantization?").topic == "quantization"
    assert reader.read("something about FPGAs").topic == "fpga"


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("graph papers from spring 2024", "graph"),
        ("what did Zhang write in June 2023 on quantization?", "quantization"),
        ("what did Zhang drop in summer 2024?", ""),  # "drop": put out, as "released"
    ],
)
def test_a_month_before_a_year_is_no_topic(reader: IntentReader, question: str, topic: str) -> None:
    # "spring" and "June" were searched as topics: no listed paper was about them.
    assert reader.read(question).topic == topic


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("the earliest papers on graph learning", "oldest"),
        ("latest work on quantization?", "newest"),
        # the asker's timing, not the papers' order
        ("Which paper trains GNNs on circuits? Do reply at your earliest convenience!", None),
        ("Which weather paper came out at the earliest?", "oldest"),
        ("Send the RDMA survey as soon as possible, thanks.", None),
        ("I need the earliest possible paper on network topology.", "oldest"),
    ],
)  # fmt: skip
def test_an_order_by_date_is_read_only_of_the_papers(text: str, order: str | None) -> None:
    assert by_date(text) == order


@pytest.mark.parametrize(
    ("question", "topic", "jointly"),
    [
        ("how many papers do Hoefler and Zhang have in common?", "", True),
        ("how many papers are shared by Hoefler and Zhang?", "", True),
        ("how many papers do Hoefler and Zhang have combined?", "", False),
        ("the combined count for Hoefler and Zhang?", "", False),
        ("how many papers do both Hoefler and Zhang have in total?", "", False),
        ("how many does each of Hoefler and Zhang have, all told?", "", False),
        # "combined" before a word of its own names a topic; one author sums nothing
        ("papers by Hoefler and Zhang on combined scheduling", "combined scheduling", False),
        ("how many papers on quantization has Zhang combined with pruning?", None, False),
    ],
)
def test_words_that_sum_or_share_two_authors_papers_name_no_topic(
    reader: IntentReader, question: str, topic: str | None, jointly: bool
) -> None:
    intent = reader.read(question)
    if topic is not None:
        assert intent.topic == topic
    else:
        assert "combined" in intent.topic
    assert intent.people.jointly is jointly


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("*waves* which papers are about weather?", "which papers are about weather?"),
        ("*scratches head* *sighs* any graph papers?", "any graph papers?"),
        ("so which ones are from 2023? *nods*", "so which ones are from 2023?"),
        ("ok. *stretches* quantization papers", "ok. quantization papers"),
        # at the end of the message; a verb the list does not write, with its words
        ("graph papers from 2023 *nods*", "graph papers from 2023"),
        ("*checks the weather forecast* any graph papers?", "any graph papers?"),
    ],
)
def test_a_roleplay_action_beside_the_ask_is_no_part_of_it(typed: str, read: str) -> None:
    known = frozenset(VOCABULARY).__contains__
    assert " ".join(without_actions(typed, known).split()) == read


@pytest.mark.parametrize(
    "typed",
    [
        "*Graphs* from 2024?",  # emphasis: a word the list writes
        "which of the *networks* papers are new?",  # inside a sentence
        "*GNNs* please",  # no common English verb
        "**waves** of papers on weather",  # bold, not an action
        "*forecasting* papers",  # no -s verb
    ],
)
def test_emphasis_between_asterisks_stays(typed: str) -> None:
    known = frozenset([*VOCABULARY, "graphs"]).__contains__  # as the abstracts write it
    assert without_actions(typed, known) == typed


@pytest.mark.parametrize(
    "question",
    [
        "how many papers in total are about weather?",
        "how many papers altogether are about weather?",
        "how many weather papers are there overall?",
        "what's the total number of papers on weather?",
        "In all, how many papers are on weather?",
        "how many papers on weather in all?",
        "How many papers in all are about weather?",
        "How many papers, altogether, are about weather?",
        "Overall how many papers are about weather?",
    ],
)
def test_words_that_ask_for_the_whole_count_name_no_topic(
    reader: IntentReader, question: str
) -> None:
    # "total" and "overall" were searched: "in total" found 2 of the 4 weather papers.
    searched = re.findall(r"\w+", reader.read(question).search_text.lower())
    assert "weather" in searched
    assert not {"total", "overall", "altogether", "all"} & set(searched)


def test_total_of_something_else_stays_a_topic(reader: IntentReader) -> None:
    assert "total" in reader.read("how many papers report total energy?").search_text


@pytest.mark.parametrize(
    ("question", "author"),
    [
        ("Which papers are about quantization? Thanks in advance. By Zhang.", "Zhiru Zhang"),
        ("Thanks for your time! Which papers are about quantization?", None),
        ("Thank you so much. Which papers are about quantization?", None),
        ("Which papers are about quantization? Many thanks in advance!", None),
        # opening by thanking: after the ask, or naming nothing the list writes
        ("Which papers are about quantization?\n\nThanks in advance for any pointers!", None),
        ("Thank you for your help and patience. Which papers are about quantization?", None),
        ("Thanks for the quantization papers. Which are from 2023?", None),
    ],
)
def test_a_sentence_that_only_thanks_is_no_topic(
    reader: IntentReader, question: str, author: str | None
) -> None:
    # "advance" and "time" were searched: "None of Zhiru Zhang's papers is about
    # “quantization advance”", with his card instead of his quantization papers.
    intent = reader.read(question)
    assert intent.topic == "quantization"
    assert intent.people.author == author


def test_a_vocative_does_not_hide_a_subject_name(reader: IntentReader) -> None:
    # "friend" was left as a topic, so "computer vision" was searched, not read as cs.CV.
    intent = reader.read("How many, my friend, of Zhang's papers are computer vision?")
    assert intent.subjects == ("cs.CV",) and intent.topic == ""


@pytest.mark.parametrize(
    "question",
    [
        "Topic: scheduling. How many Zhang papers?",
        "Subject - scheduling. How many Zhang papers?",
        "How many Zhang papers?\nArea: scheduling",
        "> Keywords: scheduling\nhow many by Zhang?",
        "Research area: scheduling\nhow many by Zhang?",
    ],
)
def test_a_label_that_names_the_topic_is_not_searched(reader: IntentReader, question: str) -> None:
    # "topic" and "subject" were searched: "Not a sure count", and one paper fewer.
    intent = reader.read(question)
    assert intent.topic == "scheduling"
    assert not {"topic", "subject", "area", "keywords"} & set(intent.search_text.lower().split())


def test_the_words_of_a_topic_label_inside_a_topic_stay(reader: IntentReader) -> None:
    # not at a line's start, and not the field's label
    assert "topic" in reader.read("papers on topic modeling: any from 2023?").search_text
