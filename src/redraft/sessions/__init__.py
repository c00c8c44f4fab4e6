"""Evaluation sessions: a subject judged by a panel, evidence kept.

The core of it, free of web and database code: the wire shapes, building a
panel from its JSON description, running the members concurrently, and the
re-evaluation of evidence a person marked invalid. The service stores and
streams what these produce.
"""

from redraft.sessions._members import (
    MemberOutcome,
    PanelEnvironment,
    SpecChecks,
    build_members,
    evaluate_panel,
)
from redraft.sessions._reevaluate import REEVALUATOR, Reassessment
from redraft.sessions._types import (
    OLD_EVENT_NAMES,
    CheckMember,
    ChecksMember,
    EvidenceItem,
    JudgeMember,
    ModelMember,
    PanelMember,
    SessionEventType,
    SessionStatus,
    SessionSubject,
    WebMember,
    item_from_evidence,
    member_name,
    reevaluation_source,
)

__all__ = [
    "OLD_EVENT_NAMES",
    "REEVALUATOR",
    "CheckMember",
    "ChecksMember",
    "EvidenceItem",
    "JudgeMember",
    "MemberOutcome",
    "ModelMember",
    "PanelEnvironment",
    "PanelMember",
    "Reassessment",
    "SessionEventType",
    "SessionStatus",
    "SessionSubject",
    "SpecChecks",
    "WebMember",
    "build_members",
    "evaluate_panel",
    "item_from_evidence",
    "member_name",
    "reevaluation_source",
]
