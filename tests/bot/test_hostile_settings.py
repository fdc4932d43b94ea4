"""Settings an unlucky operator writes (issue 11): refused in one line, never ignored."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.settings import DEFAULT_CONFIG, load_settings
from retrieval.errors import ConfigError


def config_with(tmp_path: Path, extra: str) -> Path:
    """Return a copy of the shipped config with extra TOML lines appended to a section."""
    text = DEFAULT_CONFIG.read_text(encoding="utf-8")
    text = text.replace("[retrieval]\n", f"[retrieval]\n{extra}\n", 1)
    path = tmp_path / "papercord.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_misspelt_key_in_the_toml_file_is_refused_with_a_suggestion(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PAPERCORD_CONFIG", str(config_with(tmp_path, 'fussion = "rrf"')))
    with pytest.raises(ConfigError) as error:
        load_settings()
    assert str(error.value) == "unknown setting retrieval.fussion (did you mean retrieval.fusion?)"


@pytest.mark.parametrize(
    ("variable", "message"),
    [
        ("PAPERCORD_RETRIEVAL__FUSSION", r"^unknown setting retrieval\.fussion \(did you mean retrieval\.fusion\?\)$"),
        ("PAPERCORD_CHROMA__PATHS", r"^unknown setting chroma\.paths \(did you mean chroma\.path\?\)$"),
        ("PAPERCORD_FUSSION", r"^unknown setting PAPERCORD_FUSSION: variables are PAPERCORD_<SECTION>__<KEY>"),
        ("PAPERCORD_RETRIEVALS__FUSION", r"^unknown setting PAPERCORD_RETRIEVALS__FUSION"),
    ],
)  # fmt: skip
def test_misspelt_environment_variable_is_refused(
    monkeypatch: pytest.MonkeyPatch, variable: str, message: str
) -> None:
    monkeypatch.setenv(variable, "rrf")
    with pytest.raises(ConfigError, match=message):
        load_settings()


def test_config_pointing_at_a_folder_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PAPERCORD_CONFIG", str(tmp_path))
    with pytest.raises(
        ConfigError, match=rf"^PAPERCORD_CONFIG points to {tmp_path}, which is not a file$"
    ):
        load_settings()


@pytest.mark.parametrize(
    "fmt", ["%(asctime", "%(nosuch)s", "%(message)d", "no fields", "{message}"]
)
def test_a_logging_format_that_cannot_format_a_line_is_refused(
    monkeypatch: pytest.MonkeyPatch, fmt: str
) -> None:
    # It used to be accepted, and every log line then printed '--- Logging error ---'.
    monkeypatch.setenv("PAPERCORD_LOGGING__FORMAT", fmt)
    with pytest.raises(
        ConfigError, match=r"^invalid setting logging\.format: not a logging format \("
    ):
        load_settings()


def test_a_good_logging_format_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERCORD_LOGGING__FORMAT", "%(levelname)s|%(message)s")
    fmt = load_settings().logging.format
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "hello %s", ("you",), None)
    assert logging.Formatter(fmt).format(record) == "INFO|hello you"


def test_known_variables_are_still_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERCORD_RETRIEVAL__FUSION", "rrf")
    monkeypatch.setenv("PAPERCORD_DISCORD_TOKEN", "x")
    monkeypatch.setenv("PAPERCORD_CONFIG", str(DEFAULT_CONFIG))
    settings = load_settings()
    assert settings.retrieval.fusion == "rrf" and settings.discord_token is not None
