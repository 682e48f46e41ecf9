"""What a new table may be: the game configured from what the client sent, and its seats
(people with their secret tokens, and bots within this server's budget caps). Every refusal is
``bad_config`` or ``bot_budget`` saying what was wrong."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable

from dinobox.bots import LEVELS, Bot, budget_of, canonical_spec, capped_spec, check_bot_for_game, make_bot, parse_spec
from dinobox.bots.plugins import entry_point_names, is_import_spec
from dinobox.engine.errors import DinoboxError, InvalidOptionError
from dinobox.engine.game import Game
from dinobox.engine.options import OptionSet
from dinobox.engine.registry import game_class, load_game
from dinobox.server import names
from dinobox.server.errors import ApiError, bad_request, quote
from dinobox.server.live import BOT, HUMAN
from dinobox.server.settings import Settings
from dinobox.server.wire import Seat, SeatAsked


def configure(
    settings: Settings, game_id: str, players: int | None, options: object, data: object, allow_data: bool = False
) -> Game[object]:
    """The configured game, or ``bad_config`` saying what was wrong. Only the game's declared
    options are accepted (by name, checked by its option specs)."""
    try:
        cls = game_class(game_id)
        if not isinstance(options, dict):
            raise InvalidOptionError(f"'options' must be an object of option names, not {quote(options)}")
        resolved = OptionSet(cls.option_specs).resolve(options, cls.id)
        if data and not (allow_data or settings.allow_data_overrides):
            raise InvalidOptionError("this server does not accept component-data overrides ('data')")
        if data is not None and not isinstance(data, dict):
            raise InvalidOptionError(f"'data' must be an object of data fields, not {quote(data)}")
        return load_game(cls.id, players=players, data=data or {}, **resolved)
    except DinoboxError as exc:
        raise bad_request(str(exc), "bad_config") from None


def seat_specs(settings: Settings, game: Game[object], seats: list[SeatAsked] | None) -> list[Seat]:
    """The stored seat list for the seat specs a client sent (or a person against random bots)."""
    n = game.num_players
    if seats is None:
        seats = [SeatAsked(type=HUMAN)] + [SeatAsked(type=BOT, bot="random") for _ in range(n - 1)]
    if len(seats) != n:
        raise bad_request(f"'seats' lists {len(seats)} seats but this game has {n} players", "bad_config")
    clean: list[Seat] = []
    for i, spec in enumerate(seats):
        kind = spec.get("type")
        if kind == HUMAN:
            clean.append({"seat": i, "type": HUMAN, "bot": None, "name": None, "claimed": False, "token": None})
        elif kind == BOT:
            bot = str(spec.get("bot") or "random")
            check_bot(settings, i, bot, game.id)
            bot = canonical_spec(bot)  # one spelling per bot: one ladder entry per level
            clean.append({"seat": i, "type": BOT, "bot": bot, "name": f"{bot} bot", "claimed": True, "token": None})
        else:
            raise bad_request(f"seat {i}: 'type' must be 'human' or 'bot', not {quote(kind)}", "bad_config")
    return clean


def check_bot(settings: Settings, seat: int, spec: str, game_id: str) -> None:
    """A bot spec this server will seat: valid, able to play the game, within the budget caps
    (a lobby level named alone, ``master``, is seated whatever the caps: it plays with its
    budget cut to them, so the lobby's every level can be chosen on any server).
    Of the bots from outside dinobox only installed entry points, by name alone: a client's
    spec never makes the server import a module (``plugin:MODULE:CLASS``) or hand options to
    code it did not write."""
    try:
        name, opts = parse_spec(spec)
        if is_import_spec(name):
            raise InvalidOptionError(
                f"this server seats only its own and its installed bots, not {quote(spec)}: "
                "plugin:MODULE:CLASS is for the command line"
            )
        if opts and name in entry_point_names():
            raise InvalidOptionError(f"bot {quote(name)} is seated here by its name alone, without options")
        check_bot_for_game(spec, game_id)
        budget = budget_of(spec)
    except DinoboxError as exc:
        raise bad_request(f"seat {seat}: {exc}", "bad_config") from None
    if name in LEVELS and not opts:
        return  # a lobby level named alone thinks within this server's caps (``table_bot`` cuts it)
    cap = settings
    if budget.seconds is not None and budget.seconds > cap.max_bot_seconds:
        raise bad_request(
            f"seat {seat}: bot {quote(spec)} may think {budget.seconds:g} s a move; this server allows at most "
            f"{cap.max_bot_seconds:g} s",
            "bot_budget",
        )
    if budget.iterations is not None and budget.iterations > cap.max_bot_iterations:
        raise bad_request(
            f"seat {seat}: bot {quote(spec)} may search {budget.iterations} iterations a move; this server allows "
            f"at most {cap.max_bot_iterations}",
            "bot_budget",
        )


RATED_BOTS = ("random", "heuristic", *LEVELS)  # the bot levels on the ladder


def check_rated_bots(seats: list[Seat]) -> None:
    """A rated table seats only the ladder's bot levels and the installed entry-point bots
    (which take no options here): a spec tuned by hand would make a ladder entry of its own
    for every tuning."""
    rated = (*RATED_BOTS, *entry_point_names(exclude=RATED_BOTS))
    for seat in seats:
        if seat["type"] == BOT and seat["bot"] not in rated:
            raise bad_request(
                f"seat {seat['seat']}: a rated table seats only the ladder's bots ({', '.join(rated)}), "
                f"not {quote(seat['bot'])}",
                "bad_config",
            )


def check_profile(seats: list[Seat], rated: bool, seat: int, profile: str | None) -> None:
    """At a rated table every person plays with a profile (``401 profile_required``), and a
    profile holds one seat (``409 profile_seated``)."""
    if not rated:
        return
    if profile is None:
        raise ApiError(401, "profile_required", "a rated table's seats are taken with a profile key")
    if any(s.get("profile") == profile for s in seats if s["seat"] != seat):
        raise ApiError(409, "profile_seated", "your profile already holds a seat at this rated table")


def table_bot(settings: Settings, spec: str, seed: int) -> tuple[Bot, bool]:
    """A stored table's bot, its budget brought within today's caps (they may have been
    lowered), and whether it searches. A search bounded only by iterations also stops at
    ``max_bot_seconds``, so no move of any spec takes longer."""
    capped = capped_spec(spec, settings.max_bot_iterations, settings.max_bot_seconds)
    budget = budget_of(capped)
    if budget.searches and budget.seconds is None:
        name, opts = parse_spec(capped)
        capped = name + ":" + ",".join(f"{k}={v}" for k, v in {**opts, "seconds": settings.max_bot_seconds}.items())
    return make_bot(capped, seed), budget.searches


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def claim_seat(seat: Seat, name: str | None, profile: str | None = None, seats: Iterable[Seat] = ()) -> str:
    """Give a person's seat its name, profile and a new secret token (returned; only its hash
    is kept). The name is cleaned (``names.clean``) and made unlike those of the other
    ``seats`` (a suffix)."""
    token = secrets.token_urlsafe(18)
    seat["claimed"] = True
    seat["token"] = hash_token(token)
    taken = [str(s["name"]) for s in seats if s["seat"] != seat["seat"] and s.get("name")]
    seat["name"] = names.unique(names.clean(name or "") or f"Player {seat['seat'] + 1}", taken)
    seat["profile"] = profile
    return token
