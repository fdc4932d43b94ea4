"""The deployment files: the compose file and the systemd unit say what docs promise."""

from __future__ import annotations

import configparser

import pytest
import yaml

from bot.settings import Settings
from retrieval.config import ROOT


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_has_postgres_chroma_an_ingest_job_and_two_bots_of_two_shards() -> None:
    services = compose()["services"]
    assert set(services) == {"postgres", "chroma", "ingest", "bot-a", "bot-b"}
    bots = [services["bot-a"], services["bot-b"]]
    shards = [yaml.safe_load(b["environment"]["PAPERCORD_DISCORD__SHARD_IDS"]) for b in bots]
    assert sorted(s for ids in shards for s in ids) == [0, 1, 2, 3] and all(
        len(ids) == 2 for ids in shards
    )
    for bot in bots:
        assert bot["environment"]["PAPERCORD_DISCORD__SHARD_COUNT"] == "4"
        assert bot["environment"]["PAPERCORD_STORAGE__URL"].startswith("postgresql://")
        assert bot["environment"]["PAPERCORD_CHROMA__MODE"] == "http"
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert bot["depends_on"]["chroma"]["condition"] == "service_healthy"
        assert bot["depends_on"]["ingest"]["condition"] == "service_completed_successfully"
        assert bot["healthcheck"]["test"] == ["CMD", "papercord", "health"]
    assert services["ingest"]["depends_on"]["chroma"]["condition"] == "service_healthy"
    assert all("healthcheck" in services[name] for name in ("postgres", "chroma"))
    volumes = {v.split(":")[0] for s in services.values() for v in s.get("volumes", [])}
    assert volumes == set(compose()["volumes"])  # every volume named, none a host path


def test_the_bots_environment_is_valid_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    bot = compose()["services"]["bot-b"]
    for key, value in bot["environment"].items():
        monkeypatch.setenv(key, value.replace("${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}", "pw"))
    settings = Settings()
    assert (settings.discord.shard_ids, settings.discord.shard_count) == ([2, 3], 4)
    assert settings.storage_url() == "postgresql://papercord:pw@postgres:5432/papercord"


def test_the_systemd_unit_runs_one_shard_per_instance() -> None:
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.read_string((ROOT / "deploy" / "papercord@.service").read_text())
    assert unit["Service"]["ExecStart"].endswith("papercord run --shard-ids %i")
    assert unit["Service"]["RestartPreventExitStatus"] == "2"  # a rejected token
    assert unit["Install"]["WantedBy"] == "multi-user.target"
