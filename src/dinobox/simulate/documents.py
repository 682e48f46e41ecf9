"""The JSON documents the simulator writes and reads, field by field: a game's row (``rows.jsonl``
and ``games.csv``), a run's summary (``summary.json``) and its blocks, a comparison of two runs,
the skill check, the exploit probes and a tuning (``tune.json``). Each is a ``TypedDict``; the
order of the keys in a file is the order the code that builds it writes them (a ``TypedDict``
does not fix it).

Keys that older dinobox versions did not write, or that a run writes only sometimes, are
``NotRequired``; their readers use ``.get``. A document read back from a file (``load_summary``,
``read_rows``) is checked for its identifying keys and then trusted as dinobox wrote it.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from dinobox.jsonvalue import JsonValue

Settings = dict[str, JsonValue]
"""Options or component-data overrides by name, as the command line gives them."""


class GameRow(TypedDict):
    """One simulated game (``play_one``), a line of ``rows.jsonl``."""

    index: int
    seed: int
    seats: list[str]  # the bot spec in each seat
    scores: list[int]
    winners: list[int]
    returns: list[float]  # each winner's share of the win
    turns: int
    decisions: int
    choice_decisions: int
    legal_choices: NotRequired[int]
    branching: NotRequired[float]
    lead_changes: int
    decisiveness: NotRequired[float | None]
    margin: int
    capped: bool
    actions: dict[str, int]
    seat_actions: list[dict[str, int]]
    seat_cards: NotRequired[list[dict[str, int]]]
    score_sources: NotRequired[list[dict[str, float]] | None]
    seat0_edge: NotRequired[list[float]]
    end_reason: NotRequired[str | None]
    roles: NotRequired[dict[str, list[str | None]]]
    order: NotRequired[list[int]]
    choice_order: NotRequired[list[int]]
    metrics: NotRequired[dict[str, float]]


MeasureKey = Literal["turns", "decisions", "branching", "lead_changes", "margin", "decisiveness"]
"""A per-game measure with a mean worth comparing between runs."""


def row_measure(row: GameRow, key: MeasureKey) -> float | None:
    """A game's value of a per-game measure, as a float (None: the row does not have it)."""
    value: float | None
    if key == "turns":
        value = row.get("turns")
    elif key == "decisions":
        value = row.get("decisions")
    elif key == "lead_changes":
        value = row.get("lead_changes")
    elif key == "margin":
        value = row.get("margin")
    elif key == "branching":
        value = row.get("branching")
    else:
        value = row.get("decisiveness")
    return None if value is None else float(value)


class Described(TypedDict):
    """A measure over the games (``stats.describe``): mean with its 95% t interval and spread."""

    n: int
    mean: float
    sd: float
    ci95: list[float]
    median: float
    min: float
    max: float
    p10: float
    p90: float


class Undescribed(TypedDict):
    """A measure no game had (decisiveness without a single winner): every number None."""

    n: int
    mean: None
    sd: None
    ci95: None
    median: None
    min: None
    max: None
    p10: None
    p90: None
    undefined: str


class WinRate(TypedDict):
    """Wins (shared wins split) and the win rate with its 95% Wilson interval."""

    games: int
    wins: float
    outright_wins: int
    win_rate: float
    ci95: list[float]


class BotRate(WinRate):
    """A bot spec's seat-games and wins (written with ``spec`` first)."""

    spec: str


class SeatRate(WinRate):
    """A seat's games and wins (written with ``seat`` first)."""

    seat: int


class SeatTest(TypedDict):
    """Does the seat order matter? (chi-square goodness of fit)"""

    test: str
    statistic: float
    dof: int
    p_value: float
    significant: bool


class DesignTest(TypedDict):
    """A test of the game's design (order of play, roles, teams); undefined without the data."""

    test: str
    statistic: NotRequired[float]
    dof: NotRequired[int]
    undefined: NotRequired[str]
    p_value: float | None
    significant: NotRequired[bool]
    kind_text: NotRequired[str]


class FairBalance(TypedDict):
    median: float
    range95: list[float]


class ActionShare(TypedDict):
    count: int
    share: float


class Length(TypedDict):
    turns: Described
    decisions: Described


class Scores(TypedDict):
    per_seat: list[Described]
    winner_margin: Described


class Stats(TypedDict):
    """What ``stats.summarize`` makes of a run's rows."""

    games: int
    bots: list[BotRate]
    seats: list[SeatRate]
    seat_test: SeatTest
    expected_win_rate: float
    balance: float
    balance_ci95: list[float]
    fair_balance: FairBalance
    shared_win_rate: float
    no_winner_rate: float
    capped_rate: float
    length: Length
    scores: Scores
    choice_share: float
    branching_factor: float
    branching: Described
    decisiveness: Described | Undescribed
    lead_changes: Described
    actions: dict[str, ActionShare]
    actions_by_bot: dict[str, dict[str, float]]


class EndShare(TypedDict):
    games: int
    text: str
    extension: bool
    share: float | None
    ci95: list[float]


class WinShare(TypedDict):
    """The win share of a position in the order of play, or of a role."""

    games: int
    wins: float
    share: float | None
    ci95: list[float]


class Design(TypedDict):
    """The game's own effects (``design.design_summary``)."""

    end_reasons: dict[str, EndShare]
    extension_share: float | None
    order: dict[str, WinShare]
    order_test: DesignTest
    choice: dict[str, WinShare]
    choice_test: DesignTest
    roles: dict[str, dict[str, WinShare]]
    role_tests: dict[str, DesignTest]
    team_test: DesignTest | None


class EdgeRound(TypedDict):
    round: int
    mean: float
    ci95: list[float]
    games: int


class SeatEdge(TypedDict):
    rounds: list[EdgeRound]
    end: Described


class DesignerMetrics(TypedDict):
    score_by_source: dict[str, dict[str, float]]  # source -> winners, others, all
    usage_by_outcome: dict[str, dict[str, float]]
    cards_by_outcome: dict[str, dict[str, float]]
    first_seat_edge: SeatEdge
    custom: dict[str, Described]


class SkillTrace(TypedDict):
    """ISMCTS at twice the budget against itself (``output.skill_trace``)."""

    interrupted: bool
    strong: str
    base: str
    games: int
    strong_win_rate: float
    ci95: list[float]
    expected_if_luck_only: float
    seconds: NotRequired[float]  # not kept in the summary (its timing has it)


class LadderStep(TypedDict):
    stronger: str
    weaker: str
    games: int
    win_rate: float
    ci95: list[float]
    even_share: float
    verdict: str


class ProbeRow(TypedDict):
    probe: str
    level: str
    games: int
    decided: int  # the games somebody won
    win_rate: float  # the probe's share of the wins in those
    ci95: list[float]
    fair: float
    verdict: str


class ProbeCheck(TypedDict):
    levels: list[str]
    margin: float
    rows: list[ProbeRow]
    exploits: list[ProbeRow]
    interrupted: bool


class SkillCheck(TypedDict):
    steps: list[LadderStep]
    holds: bool
    probes: ProbeCheck | None


class Rated(TypedDict):
    """A bot's OpenSkill rating over a run (``ratings.bot_ladder``)."""

    spec: str
    mu: float
    sigma: float
    ordinal: float
    interval: list[float]
    games: int


class Timing(TypedDict):
    seconds: float
    games_per_second: float
    jobs: int
    games_played_now: int
    skill_trace_seconds: NotRequired[float]


class Identity(TypedDict):
    """What makes two runs the same run."""

    game: str
    title: str
    players: int
    options: Settings
    data_overrides: Settings
    bots_given: list[str]
    seed: int


class RunSummary(Stats):
    """A run's numbers with the settings it was played under: what ``--compare`` reads."""

    game: str
    title: str
    players: int
    options: Settings
    data_overrides: Settings
    seed: int


class UntimedSummary(RunSummary, Design):
    """``summary.json`` but its timing (written last, after the optional ratings)."""

    format: int
    bots_given: list[str]
    games_planned: int
    interrupted: bool
    warnings: list[str]
    metrics_given: list[str]
    designer: DesignerMetrics
    skill_trace: SkillTrace | None
    skill_check: SkillCheck | None
    ratings: NotRequired[list[Rated]]


class Summary(UntimedSummary):
    """``summary.json``: the run's identity, its numbers, the game's effects and the extras."""

    timing: Timing


class CompareRow(TypedDict):
    """One difference B - A of ``--compare``, with its test."""

    measure: str
    kind: str  # "rate" or "mean"
    a: float
    b: float
    diff: float
    ci95: list[float]
    p_value: float
    test: str
    games_needed: int | None
    paired_games: NotRequired[int]
    games_needed_unpaired: NotRequired[int | None]
    variance_ratio: NotRequired[float | None]
    p_holm: NotRequired[float]
    significant: NotRequired[bool]


class Pairing(TypedDict):
    games: int
    saving: float | None


class Comparison(TypedDict):
    a: RunSummary
    b: RunSummary
    rows: list[CompareRow]
    effect: float
    games_for_effect: int | None
    setup: list[list[str]]
    paired: Pairing | None


class ConfirmedSummary(RunSummary):
    """A replay of the best or the default settings in ``dinobox tune``, with its objective."""

    objective: Loss


class Loss(TypedDict):
    loss: float
    parts: dict[str, float]  # each objective's share, by name


SamplerValues = dict[str, int | float]
"""A trial's settings as the sampler holds them: a number, or the index of a choice."""


class TrialMetrics(TypedDict):
    balance: float
    balance_ci95: list[float]
    seat_p: float
    turns: float
    turns_ci95: list[float]
    decisiveness: float | None
    seat_win_rates: list[float]


class Trial(TrialMetrics):
    """One trial of ``dinobox tune``: its settings, its loss and what it measured (in that order)."""

    number: int
    values: Settings
    loss: float
    parts: dict[str, float]


class ParamText(TypedDict):
    name: str
    target: str
    kind: str
    range: str


class TuneResult(TypedDict):
    """``tune.json``: every trial, the best, the replays of the best and the defaults compared."""

    game: str
    players: int | None
    bots: list[str]
    games_per_trial: int
    seed: int
    objective: str
    params: list[ParamText]
    sampler: str
    settings_in_space: int | None
    repeats_skipped: int
    trials: list[Trial]
    best: Trial
    defaults: Settings
    noise_band: list[float] | None
    real_gain: bool
    importances: dict[str, float]
    confirm_games: int
    confirm_seed: int
    best_confirmed: ConfirmedSummary
    default_confirmed: ConfirmedSummary
    best_vs_default: list[CompareRow]
