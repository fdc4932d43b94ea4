"""Every papercord setting, typed: defaults in config/papercord.toml, overrides from env.

Precedence, highest first: environment variables (``PAPERCORD_<SECTION>__<KEY>``, e.g.
``PAPERCORD_RETRIEVAL__FUSION=rrf``), a ``.env`` file, the TOML file
(``PAPERCORD_CONFIG`` or ``config/papercord.toml``), then the defaults below.
The Discord token comes from ``DISCORD_TOKEN`` and is a ``SecretStr``: it never appears
in logs, reprs or error messages.
"""

from __future__ import annotations

import difflib
import logging
import os
import sys
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from retrieval.config import ROOT, ArxivSettings, ChromaSettings, LlmSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.errors import ConfigError
from retrieval.index.embedding import Embedder

DEFAULT_CONFIG = ROOT / "config" / "papercord.toml"
DISCORD_API = "https://discord.com/api/v10"
DATABASE = "papercord.sqlite3"  # in the state folder, beside health.json, by default
LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR"]


class PathSettings(BaseModel):
    """Where papercord reads its corpus and keeps its state (relative to the project).

    ``Settings`` makes every path absolute once, when it is loaded.
    """

    model_config = ConfigDict(extra="forbid")  # a misspelt key is an error, not a default
    corpus: Path = Path("data/pages")
    model: Path = Path("var/model/all-MiniLM-L6-v2")
    state: Path = Path("var")  # SQLite feedback and per-server settings live here

    @property
    def added(self) -> Path:
        """The folder ``ingest --add`` copies files into: the state folder's, not the
        shipped ``data/pages`` (tracked by git, and shared by every index built here)."""
        return self.state / "corpus"

    def corpora(self) -> list[Path]:
        """Return the folders a plain ingest reads: the corpus, then the added files."""
        return [self.corpus, *([self.added] if self.added.is_dir() else [])]


class DiscordSettings(BaseModel):
    """How the bot talks to Discord (or to a Discord-compatible server)."""

    model_config = ConfigDict(extra="forbid")
    api_base: str = DISCORD_API
    gateway_url: str | None = None  # None: ask the API for the gateway, as Discord intends
    qa_channels: list[int] = Field(default_factory=list)
    message_content: bool = False  # privileged intent; on automatically with qa_channels
    require_mention: bool = False  # follow-ups in the bot's threads need a mention too
    thread_mode: bool = False
    cooldown_questions: int = Field(5, ge=1, le=100)
    cooldown_seconds: float = Field(30.0, gt=0, le=3600)
    results_shown: int = Field(3, ge=1, le=10)
    owner_ids: list[int] = Field(default_factory=list)
    shard_count: int | None = Field(None, ge=1)
    shard_ids: list[int] | None = None
    workers: int = Field(2, ge=1, le=16)  # threads running retrieval off the event loop
    # Seconds discord.py waits after the last server arrives (GUILD_CREATE) before it is
    # ready: Discord streams a bot's servers after READY. 2 is discord.py's default.
    guild_ready_timeout: float = Field(2.0, ge=0.0, le=60.0)

    @model_validator(mode="after")
    def _shards_fit(self) -> DiscordSettings:
        """Refuse shard ids without a count, or past it (shard 2 of 2 does not exist)."""
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("shard_ids needs shard_count, the total across all processes")
        if not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError("shard_ids lists each shard this process runs once, e.g. [0, 1]")
        wrong = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
        if wrong:
            raise ValueError(
                f"shard {wrong[0]} does not exist: ids run from 0 to {self.shard_count - 1}"
            )
        return self

    @field_validator("api_base")
    @classmethod
    def _http_url(cls, value: str) -> str:
        """Refuse an API base aiohttp cannot request ("not a url" used to end in a traceback)."""
        return _url(value, ("http", "https"), DISCORD_API)

    @field_validator("gateway_url")
    @classmethod
    def _websocket_url(cls, value: str | None) -> str | None:
        """Refuse a gateway URL that is not ws:// or wss://."""
        return None if value is None else _url(value, ("ws", "wss"), "wss://gateway.discord.gg")


def _url(value: str, schemes: tuple[str, ...], example: str) -> str:
    """Return value if it is an absolute URL with one of these schemes, else raise."""
    value = value.strip()
    try:
        parts = urlsplit(value)
        valid = parts.scheme in schemes and bool(parts.hostname) and parts.port != 0
    except ValueError:  # "http://[::1", a port past 65535
        valid = False
    if not valid or any(ch.isspace() for ch in value):
        raise ValueError(f"not an {' or '.join(schemes)} URL; e.g. {example}")
    return value


class StorageSettings(BaseModel):
    """Where the bot keeps its state: a SQLite file (one process) or Postgres (several)."""

    model_config = ConfigDict(extra="forbid")
    # None: sqlite:///<paths.state>/papercord.sqlite3. postgresql://user:pass@host:port/db
    # shares feedback, settings, subscriptions and cooldowns between bot processes.
    url: str | None = None

    @field_validator("url")
    @classmethod
    def _storage_url(cls, value: str | None) -> str | None:
        """Refuse a URL that is neither sqlite: nor postgresql:."""
        if value is None:
            return None
        value = value.strip()
        scheme = urlsplit(value).scheme
        if scheme not in {"sqlite", "postgresql", "postgres"}:
            raise ValueError(
                "not a storage URL; e.g. sqlite:///var/papercord.sqlite3 or "
                "postgresql://papercord:PASSWORD@127.0.0.1:5432/papercord"
            )
        return value


class LoggingSettings(BaseModel):
    """Log level and format, configured once at start-up."""

    model_config = ConfigDict(extra="forbid")

    level: LogLevel = "INFO"
    format: str = "%(asctime)s %(levelname)s %(name)s: %(message)s"

    @field_validator("format")
    @classmethod
    def _format_works(cls, value: str) -> str:
        """Refuse a format that would print '--- Logging error ---' on every log line."""
        record = logging.LogRecord("papercord", logging.INFO, __file__, 1, "message", None, None)
        try:
            logging.Formatter(value, validate=True).format(record)
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(
                f"not a logging format ({exc}); use %(name)s fields, e.g. "
                "'%(asctime)s %(levelname)s %(name)s: %(message)s'"
            ) from None
        return value

    def configure(self, *, quiet: bool = False) -> None:
        """Configure logging once, to stderr; ``quiet`` keeps INFO lines out of it."""
        level = "WARNING" if quiet and self.level in {"DEBUG", "INFO"} else self.level
        logging.basicConfig(level=level, format=self.format, stream=sys.stderr)
        # The Chroma client logs every HTTP request at INFO: a line per question and
        # thousands at start with `chroma.mode = "http"`. Only its warnings are news.
        if self.level != "DEBUG":
            logging.getLogger("httpx").setLevel(logging.WARNING)


class Settings(BaseSettings):
    """All of papercord's settings."""

    model_config = SettingsConfigDict(
        env_prefix="PAPERCORD_",
        env_nested_delimiter="__",
        env_file=".env",
        extra="forbid",
    )

    discord_token: SecretStr | None = Field(
        None, validation_alias=AliasChoices("DISCORD_TOKEN", "PAPERCORD_DISCORD_TOKEN")
    )
    paths: PathSettings = Field(default_factory=PathSettings)
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    chroma: ChromaSettings = Field(default_factory=ChromaSettings)
    discord: DiscordSettings = Field(default_factory=DiscordSettings)
    storage: StorageSettings = Field(default_factory=StorageSettings)
    logging: LoggingSettings = Field(default_factory=LoggingSettings)
    arxiv: ArxivSettings = Field(default_factory=ArxivSettings)
    llm: LlmSettings = Field(default_factory=LlmSettings)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Read init values, then env, then .env, then the TOML file."""
        toml_file = Path(os.environ.get("PAPERCORD_CONFIG", DEFAULT_CONFIG))
        toml = TomlConfigSettingsSource(settings_cls, toml_file=toml_file)
        return init_settings, env_settings, dotenv_settings, toml

    @model_validator(mode="after")
    def _absolute_paths(self) -> Settings:
        """Resolve every configured path against the project root, once."""
        self.paths = PathSettings(
            corpus=_absolute(self.paths.corpus),
            model=_absolute(self.paths.model),
            state=_absolute(self.paths.state),
        )
        self.chroma = self.chroma.model_copy(update={"path": _absolute(self.chroma.path)})
        if self.storage.url is None:
            self.storage = StorageSettings(url=f"sqlite:///{self.paths.state / DATABASE}")
        return self

    def storage_url(self) -> str:
        """Return the storage URL (the SQLite file in the state folder unless set)."""
        assert self.storage.url is not None  # filled in by _absolute_paths
        return self.storage.url

    def token(self) -> str | None:
        """Return the Discord token, or None when it is unset or blank."""
        if self.discord_token is None:
            return None
        return self.discord_token.get_secret_value().strip() or None


def _absolute(path: Path) -> Path:
    return path if path.is_absolute() else ROOT / path


def build_engine(settings: Settings, *, read_only: bool = False) -> Engine:
    """Return the retrieval engine these settings describe (loads the embedding model)."""
    model = Embedder(settings.paths.model, precision=settings.retrieval.embedding_precision)
    return Engine(settings.retrieval, settings.chroma, model, read_only=read_only, llm=settings.llm)


def load_settings() -> Settings:
    """Return the settings, or raise ConfigError naming the bad key and what is allowed."""
    config = Path(os.environ.get("PAPERCORD_CONFIG", DEFAULT_CONFIG))
    if "PAPERCORD_CONFIG" in os.environ and not config.exists():
        raise ConfigError(f"PAPERCORD_CONFIG points to {config}, which does not exist")
    if not config.is_file():
        raise ConfigError(f"PAPERCORD_CONFIG points to {config}, which is not a file")
    unknown_environment()
    try:
        return Settings()
    except ValidationError as exc:
        raise ConfigError(describe(exc)) from None  # the original may echo a secret value
    except ValueError as exc:  # e.g. a TOML syntax error
        raise ConfigError(f"cannot read settings: {exc}") from None


def unknown_environment() -> None:
    """Refuse a PAPERCORD_ variable that names no setting (pydantic-settings ignores them).

    A variable naming a section and a misspelt key (``PAPERCORD_RETRIEVAL__FUSSION``) is
    refused by the sections themselves; this catches the rest (``PAPERCORD_FUSSION``).
    """
    known = {"CONFIG", "DISCORD_TOKEN"} | {name.upper() for name in Settings.model_fields}
    for variable in os.environ:
        name = variable.upper()
        if not name.startswith("PAPERCORD_"):
            continue
        section = name.removeprefix("PAPERCORD_").split("__")[0]
        if section not in known:
            sections = ", ".join(sorted(Settings.model_fields))
            raise ConfigError(
                f"unknown setting {variable}: variables are PAPERCORD_<SECTION>__<KEY> with "
                f"SECTION one of {sections} (or PAPERCORD_CONFIG)"
            )


def describe(exc: ValidationError) -> str:
    """Return the first validation error as 'invalid setting key: what is allowed'."""
    error = exc.errors(include_input=False)[0]
    key = ".".join(str(part) for part in error["loc"])
    more = len(exc.errors()) - 1
    suffix = f" (and {more} more)" if more else ""
    if error["type"] == "extra_forbidden":
        return f"unknown setting {key}{_did_you_mean(error['loc'])}{suffix}"
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"invalid setting {key}: {message}{suffix}"


def _did_you_mean(loc: tuple[int | str, ...]) -> str:
    """Return " (did you mean retrieval.fusion?)" for a misspelt key, or ""."""
    model: type[BaseModel] = Settings
    for part in loc[:-1]:
        field = model.model_fields.get(str(part))
        annotation = field.annotation if field else None
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            return ""
        model = annotation
    close = difflib.get_close_matches(str(loc[-1]), list(model.model_fields), n=1)
    prefix = "".join(f"{part}." for part in loc[:-1])
    return f" (did you mean {prefix}{close[0]}?)" if close else ""
