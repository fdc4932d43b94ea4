# syntax=docker/dockerfile:1
# papercord: two stages. The build stage exports the embedding model with torch (CPU
# build) and indexes the bundled listing pages; the final image carries only the runtime
# virtualenv, the source, the ONNX model and the index: no torch, compilers or caches.

ARG PYTHON_IMAGE=python:3.11-slim-bookworm

FROM ${PYTHON_IMAGE} AS build
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
    PAPERCORD_CHROMA__PATH=/src/index
# Run from the source tree (WORKDIR /src), so data/ and config/ are found beside it.
RUN /opt/prepare/bin/python -m cli prepare-model \
    && /opt/prepare/bin/python -m cli ingest

FROM ${PYTHON_IMAGE}
LABEL org.opencontainers.image.title="papercord" \
      org.opencontainers.image.description="A Discord bot that answers questions about a list of research papers"
RUN useradd --create-home --uid 10001 --user-group papercord \
    && mkdir -p /data \
    && chown papercord:papercord /data
COPY --from=build /opt/runtime /opt/runtime
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
# per-server settings live in /data, a volume that survives upgrades.
ENV PATH=/opt/runtime/bin:$PATH \
    PYTHONPATH=/app \
    PYTHONUNBUFFERED=1 \
    PAPERCORD_PATHS__MODEL=/app/model \
    PAPERCORD_CHROMA__PATH=/app/index \
    PAPERCORD_PATHS__STATE=/data
VOLUME ["/data"]
USER 10001:10001
# DISCORD_TOKEN comes from the environment: docker run -e DISCORD_TOKEN=... papercord
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "cli", "health"]
# The CLI refreshes the index if data/ changed; then the bot starts (bot/__main__.py).
CMD ["sh", "-c", "python -m cli ingest --if-stale && exec python -m bot"]
