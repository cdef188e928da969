"""Game records: ``{"game", "options", "moves"}`` — the single source of saved games,
shared links and replays — with ``start`` (a state's JSON) when the game began at a
position of its own (a lesson step, a puzzle) rather than the game's initial one. Every
move and chance outcome is kept in order, so a replay never depends on a random generator.
"""

from __future__ import annotations

import base64
import json
import zlib

from .core import IllegalMoveError, OptionError
from .limits import MAX_GAME_MOVES, MAX_LINK_BYTES, MAX_LINK_CHARS, parse_json
from .registry import new_game


def make_record(game, moves, start=None) -> dict:
    """The record of `moves` played from the game's initial state, or from `start`."""
    record = {"game": game.id, "options": dict(game.options), "moves": list(moves)}
    if start is not None:
        record["start"] = start.to_json()
    return record


def replay(record) -> list:
    """All the states of a record, the initial one first.

    Raises `OptionError` (code ``corrupt_record``) naming the first bad move.
    """
    if not isinstance(record, dict):
        raise OptionError("a record must be an object", "corrupt_record")
    game_id, options, moves = record.get("game"), record.get("options", {}), record.get("moves")
    if not isinstance(game_id, str) or not isinstance(options, dict):
        raise OptionError("a record needs a game and its options", "corrupt_record")
    if not isinstance(moves, list):
        raise OptionError("a record's moves must be a list", "corrupt_record")
    check_length(moves)
    game = new_game(game_id, **options)
    start = record.get("start")
    states = [game.initial_state() if start is None else game.state_from_json(start)]
    for ply, move in enumerate(moves):
        try:
            states.append(states[-1].apply(move))
        except IllegalMoveError as exc:
            raise OptionError(
                f"move {ply + 1} ({move!r}) of the record cannot be played: {exc}",
                "corrupt_record", ply=ply + 1, move=repr(move),
            ) from None
    return states


def check_length(moves) -> None:
    """A game of more than MAX_GAME_MOVES moves is refused (code ``too_many_moves``)."""
    if len(moves) > MAX_GAME_MOVES:
        raise OptionError(f"a game has at most {MAX_GAME_MOVES} moves, not {len(moves)}",
                          "too_many_moves", limit=MAX_GAME_MOVES)


# --- shared links ----------------------------------------------------------------------
# A link carries a whole record: "1." + base64url(raw deflate(JSON) + CRC-32 of the JSON).
# The JSON is [game, options, moves] or, keeping who sat where, [game, options, moves, seats],
# or with the position it started from, [game, options, moves, seats or null, start].
# The version says how to read the rest; the checksum catches a link cut short or edited.
LINK_VERSION = "1"


def _payload_json(fields) -> bytes:
    return json.dumps(fields, separators=(",", ":")).encode()


def encode_link(record: dict, seats=None) -> str:
    """The link of `record`; with `seats` (["human", level, ...]) the computer players too."""
    fields = [record["game"], record["options"], record["moves"]]
    if seats is not None or "start" in record:
        fields.append(None if seats is None else list(seats))
    if "start" in record:
        fields.append(record["start"])
    payload = _payload_json(fields)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: no header to send
    body = packer.compress(payload) + packer.flush()
    body += zlib.crc32(payload).to_bytes(4, "big")
    return LINK_VERSION + "." + base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def decode_link(text) -> dict:
    """The record in a link made by `encode_link` (with ``seats`` if the link keeps them);
    `OptionError` code ``bad_link`` (param ``reason``: version, garbled or checksum),
    ``link_too_long`` or ``too_many_moves`` for anything else."""
    def bad(reason, message):
        return OptionError(f"cannot read the link: {message}", "bad_link", reason=reason)

    if not isinstance(text, str) or "." not in text:
        raise bad("garbled", "not a Ludoteca link")
    if len(text) > MAX_LINK_CHARS:
        raise _too_long(f"{len(text)} characters")
    version, _, encoded = text.strip().partition(".")
    if version != LINK_VERSION:
        raise bad("version", f"link version {version!r} is not known here")
    try:
        body = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
        payload = _inflate(body[:-4])
    except OptionError:
        raise
    except (ValueError, zlib.error):
        raise bad("garbled", "the link is damaged or cut short") from None
    if zlib.crc32(payload).to_bytes(4, "big") != body[-4:]:
        raise bad("checksum", "the link's checksum does not match: it was changed or cut")
    try:
        fields = parse_json(payload.decode(), MAX_LINK_BYTES)
        if not isinstance(fields, list) or len(fields) not in (3, 4, 5):
            raise ValueError("not [game, options, moves(, seats(, start))]")
        if len(fields) == 4 and fields[3] is None or (
                len(fields) == 5 and not isinstance(fields[4], dict)):
            raise ValueError("no seats where seats are due, or a start that is no state")
        if _payload_json(fields) != payload:  # nothing but what encode_link writes
            raise ValueError("not written by encode_link")
    except ValueError:
        raise bad("garbled", "the link's content is not a record") from None
    record = {"game": fields[0], "options": fields[1], "moves": fields[2]}
    if len(fields) >= 4 and fields[3] is not None:
        record["seats"] = fields[3]
    if len(fields) == 5:
        record["start"] = fields[4]
    if isinstance(record["moves"], list):
        check_length(record["moves"])
    return record


def _too_long(what: str) -> OptionError:
    return OptionError(f"cannot read the link: too long ({what})", "link_too_long",
                       limit=MAX_LINK_CHARS)


def _inflate(deflated: bytes) -> bytes:
    """Inflate a raw deflate stream, stopping as soon as it outgrows MAX_LINK_BYTES (a tiny
    link may inflate to gigabytes) and refusing anything after the stream's end."""
    inflater = zlib.decompressobj(-15)
    payload = inflater.decompress(deflated, MAX_LINK_BYTES + 1)
    if len(payload) > MAX_LINK_BYTES:
        raise _too_long(f"more than {MAX_LINK_BYTES} bytes inflated")
    if not inflater.eof or inflater.unused_data:
        raise ValueError("cut short, or something after the end of the data")
    return payload
