# syntax=docker/dockerfile:1
# papercord: two stages. The build stage exports the embedding model with torch (CPU
# build) and indexes the bundled listing pages; the final image carries only the runtime
# virtualenv, the source, the ONNX model of the precision in use and the index: no torch,
# compilers or caches. The index is built in /src and served from /app: its generation
# hashes corpus paths relative to the corpus folder, so the first start finds it current.
#   make image    (or: docker build -t papercord:dev .)

ARG PYTHON_IMAGE=python:3.11-slim-bookworm
# int8 (the default, retrieval.embedding_precision) or fp32: only that model file ships.
ARG PRECISION=int8

FROM ${PYTHON_IMAGE} AS build
ARG PRECISION
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1
WORKDIR /src
COPY pyproject.toml README.md constraints.txt ./
COPY bot ./bot
COPY cli ./cli
COPY retrieval ./retrieval
# Runtime dependencies only, at the versions the figures were measured with
# (constraints.txt); the package itself runs from /app's source tree.
RUN python -m venv /opt/runtime \
    && /opt/runtime/bin/pip install -c constraints.txt . \
    && /opt/runtime/bin/pip uninstall --yes papercord
# Model preparation needs torch: take the CPU wheel, not PyPI's multi-GB CUDA build.
RUN python -m venv /opt/prepare \
    && /opt/prepare/bin/pip install -c constraints.txt \
        --extra-index-url https://download.pytorch.org/whl/cpu ".[prepare]" \
    && /opt/prepare/bin/pip uninstall --yes papercord
COPY data ./data
COPY config ./config
ENV PAPERCORD_PATHS__MODEL=/src/model \
    PAPERCORD_CHROMA__PATH=/src/index \
    PAPERCORD_RETRIEVAL__EMBEDDING_PRECISION=${PRECISION}
# Run from the source tree (WORKDIR /src), so data/ and config/ are found beside it.
# Then keep only the model file of the precision served (int8: 23 MB; fp32 is 87 MB).
RUN /opt/prepare/bin/python -m cli prepare-model \
    && /opt/prepare/bin/python -m cli ingest \
    && if [ "$PRECISION" = int8 ]; then rm /src/model/model.onnx; \
       else rm /src/model/model-int8.onnx; fi
# The runtime needs no pip, setuptools or byte-code caches of the build, nor the
# Kubernetes client chromadb declares for its distributed mode (75 MB; the embedded
# store, the HTTP client and `chroma run` never import it).
RUN /opt/runtime/bin/pip uninstall --yes kubernetes durationpy requests-oauthlib oauthlib \
        websocket-client >/dev/null \
    && /opt/runtime/bin/pip uninstall --yes pip setuptools >/dev/null 2>&1 || true; \
    find /opt/runtime -name __pycache__ -type d -prune -exec rm -rf {} +

FROM ${PYTHON_IMAGE}
ARG PRECISION
LABEL org.opencontainers.image.title="papercord" \
      org.opencontainers.image.description="A Discord bot that answers questions about a list of research papers"
RUN useradd --create-home --uid 10001 --user-group papercord \
    && mkdir -p /data \
    && chown papercord:papercord /data
COPY --from=build /opt/runtime /opt/runtime
# `papercord ...` on PATH: the CLI run from the source tree in /app.
RUN printf '#!/bin/sh\nexec /opt/runtime/bin/python -m cli "$@"\n' > /usr/local/bin/papercord \
    && chmod 755 /usr/local/bin/papercord
WORKDIR /app
COPY --chown=papercord:papercord pyproject.toml README.md ./
COPY --chown=papercord:papercord bot ./bot
COPY --chown=papercord:papercord cli ./cli
COPY --chown=papercord:papercord retrieval ./retrieval
COPY --chown=papercord:papercord data ./data
COPY --chown=papercord:papercord config ./config
COPY --from=build --chown=papercord:papercord /src/model ./model
COPY --from=build --chown=papercord:papercord /src/index ./index
# The index's rows as local files (retrieval/index/cache.py), written by the ingest above.
COPY --from=build --chown=papercord:papercord /src/index-cache ./index-cache
# The index ships in the image (rebuilt on start only if data/ changed); feedback and
# per-server settings live in /data, a volume that survives upgrades (or in Postgres:
# PAPERCORD_STORAGE__URL, see docker-compose.yml).
ENV PATH=/opt/runtime/bin:$PATH \
    PYTHONPATH=/app \
    PYTHONUNBUFFERED=1 \
    PAPERCORD_PATHS__MODEL=/app/model \
    PAPERCORD_CHROMA__PATH=/app/index \
    PAPERCORD_RETRIEVAL__EMBEDDING_PRECISION=${PRECISION} \
    PAPERCORD_PATHS__STATE=/data
VOLUME ["/data"]
USER 10001:10001
# DISCORD_TOKEN comes from the environment: docker run -e DISCORD_TOKEN=... papercord
# Checks this process's shards: pass the same --shard-ids/--shard-count as `run` (or the
# PAPERCORD_DISCORD__SHARD_IDS/SHARD_COUNT environment both read).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["papercord", "health"]
# The CLI refreshes the index if data/ changed (it did not: "index is up to date"); then
# the bot starts. With a Chroma server (docker-compose.yml) an ingest job indexes instead.
CMD ["sh", "-c", "papercord ingest --if-stale && exec papercord run"]
