"""The durable store: runs, their event logs, and API keys.

SQLite by default (a file in the user data dir, WAL mode), PostgreSQL with
``REDRAFT_DATABASE_URL=postgresql://…``; the schema is migrated with Alembic
when the store opens. A database that fails (full, read-only, unreachable)
raises :class:`StoreUnavailableError`, whatever the backend. Only this
package and the service import SQLAlchemy::

    store = await Store.open(None)           # or a URL
    async for event in stream_run(...):
        await store.record(event, tenant="acme")
    runs = await store.list_runs(tenant="acme")
    await store.close()
"""

from redraft.store._continuation import NotContinuableError, continuation_of
from redraft.store._engine import default_database_path
from redraft.store._errors import StoreUnavailableError
from redraft.store._evals import RunEval
from redraft.store._keys import SECRET_PREFIX, ApiKeyInfo
from redraft.store._store import RunFilter, RunSource, RunStatus, RunSummary, Store, StoredRun

__all__ = [
    "SECRET_PREFIX",
    "ApiKeyInfo",
    "NotContinuableError",
    "RunEval",
    "RunFilter",
    "RunSource",
    "RunStatus",
    "RunSummary",
    "Store",
    "StoreUnavailableError",
    "StoredRun",
    "continuation_of",
    "default_database_path",
]
