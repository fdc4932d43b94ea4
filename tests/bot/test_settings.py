"""Typed settings: TOML defaults, env overrides, clear refusals, and a token never shown."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.settings import load_settings
from retrieval.errors import ConfigError

SECRET = "MTIzNDU2Nzg5.secret-token-value"


def test_defaults_come_from_the_toml_file() -> None:
    settings = load_settings()
    assert settings.retrieval.fusion == "convex" and settings.chroma.mode == "embedded"
    assert settings.discord.api_base == "https://discord.com/api/v10"


def test_environment_overrides_toml(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERCORD_RETRIEVAL__FUSION", "rrf")
    monkeypatch.setenv("PAPERCORD_DISCORD__QA_CHANNELS", "[1, 2]")
    settings = load_settings()
    assert settings.retrieval.fusion == "rrf" and settings.discord.qa_channels == [1, 2]


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("PAPERCORD_RETRIEVAL__FUSION", "max", r"retrieval.fusion: Input should be 'rrf' or 'convex'"),
        ("PAPERCORD_CHROMA__MODE", "cloud", r"chroma.mode: Input should be 'embedded' or 'http'"),
        ("PAPERCORD_RETRIEVAL__CHUNK_SIZE", "-3", r"retrieval.chunk_size: .*greater than or equal to 16"),
        ("PAPERCORD_LOGGING__LEVEL", "LOUD", r"logging.level: Input should be 'DEBUG', 'INFO'"),
    ],
)  # fmt: skip
def test_invalid_values_are_refused_naming_key_and_allowed_values(
    monkeypatch: pytest.MonkeyPatch, key: str, value: str, message: str
) -> None:
    monkeypatch.setenv(key, value)
    with pytest.raises(ConfigError, match=message):
        load_settings()


def test_missing_config_file_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PAPERCORD_CONFIG", str(tmp_path / "nope.toml"))
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings()


def test_token_never_appears_in_repr_logs_or_errors(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", SECRET)
    settings = load_settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == SECRET
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("test").info("settings: %s %r", settings, settings)
    assert SECRET not in repr(settings) and SECRET not in str(settings)
    assert SECRET not in caplog.text and SECRET not in settings.model_dump_json()
    monkeypatch.setenv("PAPERCORD_RETRIEVAL__RESULTS", "many")
    with pytest.raises(ConfigError) as error:
        load_settings()
    assert SECRET not in str(error.value) and error.value.__cause__ is None
