"""The store's tables, as SQLAlchemy 2 typed declarative models.

Alembic's ``versions/`` create exactly these tables; a test
compares the two with autogenerate so they cannot drift apart. Tenants are
plain strings on the rows: a tenant is whatever an API key says it is.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "VERSION_TABLE",
    "ApiKeyRow",
    "Base",
    "CallRow",
    "DraftRow",
    "EvidenceRow",
    "EventRow",
    "RunRow",
    "SessionEventRow",
    "SessionEvidenceRow",
    "SessionJobRow",
    "SessionRow",
    "json_type",
]


VERSION_TABLE = "redraft_alembic_version"
"""Alembic's bookkeeping table, named so that redraft can share a database with
another application that uses Alembic too."""


def json_type() -> JSON:
    """JSON on SQLite, JSONB on PostgreSQL (compact, and indexable later)."""
    return JSON().with_variant(JSONB(), "postgresql")


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp that always reads back as an aware UTC datetime.

    SQLite keeps no time zone, so without this a value would come back naive
    there and aware on PostgreSQL.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("the store only takes aware datetimes")
        value = value.astimezone(UTC)
        # Stored naive on SQLite so that text comparison orders correctly.
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


# Named constraints, so that the migrations can refer to them on every backend.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """The declarative base of the store's tables."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime(),
        dict[str, Any]: json_type(),
        list[Any]: json_type(),
        str: String(),
    }


def _run_fk() -> ForeignKey:
    return ForeignKey("runs.id", ondelete="CASCADE")


class RunRow(Base):
    """One run: its request and policy, then its outcome once it ends."""

    __tablename__ = "runs"
    __table_args__ = (
        Index(None, "tenant", "created_at"),
        Index(None, "status", "lease_expires_at"),
        Index(None, "continues"),
    )

    id: Mapped[str] = mapped_column(primary_key=True)
    tenant: Mapped[str]
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    status: Mapped[str]
    """``running``, ``completed`` or ``failed``."""
    model: Mapped[str]
    judge: Mapped[str]
    prompt: Mapped[str] = mapped_column(Text)
    """The last user turn, cut to 500 characters for listings."""
    passed: Mapped[bool | None]
    score: Mapped[float | None] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    stop_reason: Mapped[str | None]
    final_answer: Mapped[str | None] = mapped_column(Text)
    input_tokens: Mapped[int] = mapped_column(Integer, default=0)
    output_tokens: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str | None] = mapped_column(Text)
    policy: Mapped[dict[str, Any]]
    request: Mapped[dict[str, Any]]
    result: Mapped[dict[str, Any] | None]
    owner: Mapped[str | None]
    """The server process running it (migration 0004); None for runs recorded
    without a lease (the library, or a version before leases)."""
    lease_expires_at: Mapped[datetime | None]
    """Past this, with ``status`` still ``running``, the owner is taken for dead
    and the run is closed as interrupted."""
    source: Mapped[str] = mapped_column(default="service", server_default="service")
    """Where the run came from: ``service``, ``cli`` or ``library`` (migration 0007)."""
    cost_usd: Mapped[float | None] = mapped_column(Float)
    """What its calls cost in US dollars once it ended (migration 0008); None
    when a call's model has no known price."""
    continues: Mapped[str | None]
    """The id of the run it carries on from (``redraft.continues``, migration
    0010): a run of the same tenant, usually one that failed."""
    profile: Mapped[str | None]
    """The name of the service profile it ran with (migration 0011); None for
    runs of the CLI or a library, and for service runs stored before."""


class EventRow(Base):
    """The append-only log: every event a run yielded, by ``seq``."""

    __tablename__ = "run_events"

    run_id: Mapped[str] = mapped_column(_run_fk(), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str]
    at: Mapped[datetime]
    payload: Mapped[dict[str, Any]]


class DraftRow(Base):
    """One draft and, once judged, its verdict."""

    __tablename__ = "drafts"
    __table_args__ = (UniqueConstraint("run_id", "attempt"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[str] = mapped_column(_run_fk())
    attempt: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    feedback: Mapped[str | None] = mapped_column(Text)
    finish_reason: Mapped[str | None]
    verdict_score: Mapped[float | None] = mapped_column(Float)
    verdict_passed: Mapped[bool | None] = mapped_column(Boolean)
    verdict_reason: Mapped[str | None] = mapped_column(Text)
    verdict_suggestions: Mapped[list[Any] | None]
    verdict_requirements: Mapped[list[Any] | None]
    """The verdict's requirement account (migration 0005); None before it."""


class EvidenceRow(Base):
    """One evaluator's finding about one draft; ``position`` keeps the verdict's order."""

    __tablename__ = "evidence"
    __table_args__ = (UniqueConstraint("run_id", "attempt", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[str] = mapped_column(_run_fk())
    attempt: Mapped[int] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)
    evaluator: Mapped[str]
    kind: Mapped[str]
    status: Mapped[str]
    passed: Mapped[bool]
    score: Mapped[float | None] = mapped_column(Float)
    points: Mapped[float | None] = mapped_column(Float)
    confidence: Mapped[float | None] = mapped_column(Float)
    reason: Mapped[str] = mapped_column(Text)
    source: Mapped[str] = mapped_column(Text)
    suggestions: Mapped[list[Any]]
    required: Mapped[bool]
    valid: Mapped[bool]
    data: Mapped[dict[str, Any]]


class CallRow(Base):
    """One LLM request redraft made; never holds credentials."""

    __tablename__ = "calls"
    __table_args__ = (UniqueConstraint("run_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    run_id: Mapped[str] = mapped_column(_run_fk())
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str]
    attempt: Mapped[int] = mapped_column(Integer)
    provider: Mapped[str]
    model: Mapped[str]
    evaluator: Mapped[str | None]
    messages: Mapped[list[Any]]
    parameters: Mapped[dict[str, Any]]
    text: Mapped[str] = mapped_column(Text)
    input_tokens: Mapped[int] = mapped_column(Integer)
    output_tokens: Mapped[int] = mapped_column(Integer)
    latency_ms: Mapped[float] = mapped_column(Float)
    status: Mapped[str]
    error: Mapped[str | None] = mapped_column(Text)
    finish_reason: Mapped[str | None]
    retry: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """0 for a call's first try, n for its n-th provider retry (migration 0003)."""
    cost_usd: Mapped[float | None] = mapped_column(Float)
    """US dollars, from the model's prices (migration 0008); None when unknown."""


class ApiKeyRow(Base):
    """An API key. Only the SHA-256 of the secret is kept, never the secret."""

    __tablename__ = "api_keys"

    id: Mapped[str] = mapped_column(primary_key=True)
    tenant: Mapped[str] = mapped_column(index=True)
    name: Mapped[str | None]
    prefix: Mapped[str]
    """The secret's first 8 characters, so a listing can tell keys apart."""
    hash: Mapped[str] = mapped_column(unique=True)
    created_at: Mapped[datetime]
    revoked_at: Mapped[datetime | None]
    last_used_at: Mapped[datetime | None]


# -- evaluation sessions ---------------------------------------------------------


def _session_fk() -> ForeignKey:
    return ForeignKey("sessions.id", ondelete="CASCADE")


class SessionRow(Base):
    """One evaluation session: its subject, panel and counters.

    ``last_seq`` and ``last_evidence_id`` hand out the numbers of the session's
    events and evidence; bumping them is the first write of every transaction
    that appends, which serialises appenders on the row (PostgreSQL) or the
    database (SQLite) without a read-then-write race.
    """

    __tablename__ = "sessions"
    __table_args__ = (Index(None, "tenant", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tenant: Mapped[str]
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    subject: Mapped[dict[str, Any]]
    panel: Mapped[list[Any]]
    judge_model: Mapped[str | None]
    status: Mapped[str]
    """``created``, ``evaluating`` or ``completed``."""
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    interruptions: Mapped[int] = mapped_column(Integer, default=0)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    last_evidence_id: Mapped[int] = mapped_column(Integer, default=0)


class SessionEvidenceRow(Base):
    """One evidence item of a session; ``id`` counts from 1 within the session."""

    __tablename__ = "session_evidence"

    session_id: Mapped[int] = mapped_column(_session_fk(), primary_key=True)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    job_id: Mapped[int | None] = mapped_column(Integer)
    member: Mapped[str]
    round: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    score: Mapped[float] = mapped_column(Float)
    description: Mapped[str] = mapped_column(Text)
    source: Mapped[str] = mapped_column(Text)
    valid: Mapped[bool] = mapped_column(Boolean)
    invalidate_reason: Mapped[str | None] = mapped_column(Text)
    evaluator: Mapped[str | None]
    kind: Mapped[str | None]
    status: Mapped[str]
    original_id: Mapped[int | None] = mapped_column(Integer)
    details: Mapped[dict[str, Any]]
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class SessionEventRow(Base):
    """The session's append-only log, by ``seq``: what its stream replays."""

    __tablename__ = "session_events"

    session_id: Mapped[int] = mapped_column(_session_fk(), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    type: Mapped[str]
    at: Mapped[datetime]
    evidence_id: Mapped[int | None] = mapped_column(Integer)
    payload: Mapped[dict[str, Any]]


class SessionJobRow(Base):
    """Background work on a session (an evaluation round, a re-evaluation),
    leased to one process; an expired lease means that process died."""

    __tablename__ = "session_jobs"
    __table_args__ = (Index(None, "status", "lease_expires_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(_session_fk(), index=True)
    kind: Mapped[str]
    """``evaluate`` or ``re_evaluate``."""
    round: Mapped[int] = mapped_column(Integer)
    members: Mapped[list[Any]]
    evidence_id: Mapped[int | None] = mapped_column(Integer)
    status: Mapped[str]
    """``running`` or ``done``."""
    owner: Mapped[str]
    lease_expires_at: Mapped[datetime]
    resumed: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
