"""Game records: ``{"game", "options", "moves"}`` — the single source of saved games,
shared links and replays. Every move and chance outcome is kept in order, so a replay
never depends on a random generator."""

from __future__ import annotations

import base64
import json
import zlib

from .core import IllegalMoveError, OptionError
from .registry import new_game


def make_record(game, moves) -> dict:
    return {"game": game.id, "options": dict(game.options), "moves": list(moves)}


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
    game = new_game(game_id, **options)
    states = [game.initial_state()]
    for ply, move in enumerate(moves):
        try:
            states.append(states[-1].apply(move))
        except IllegalMoveError as exc:
            raise OptionError(
                f"move {ply + 1} ({move!r}) of the record cannot be played: {exc}",
                "corrupt_record", ply=ply + 1, move=repr(move),
            ) from None
    return states


# --- shared links ----------------------------------------------------------------------
# A link carries a whole record: "1." + base64url(raw deflate(JSON) + CRC-32 of the JSON).
# The version says how to read the rest; the checksum catches a link cut short or edited.
LINK_VERSION = "1"


def encode_link(record: dict) -> str:
    payload = json.dumps([record["game"], record["options"], record["moves"]],
                         separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: no header to send
    body = packer.compress(payload) + packer.flush()
    body += zlib.crc32(payload).to_bytes(4, "big")
    return LINK_VERSION + "." + base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def decode_link(text) -> dict:
    """The record in a link made by `encode_link`; `OptionError` (code ``bad_link``,
    param ``reason``: version, garbled or checksum) for anything else."""
    def bad(reason, message):
        return OptionError(f"cannot read the link: {message}", "bad_link", reason=reason)

    if not isinstance(text, str) or "." not in text:
        raise bad("garbled", "not a Ludoteca link")
    version, _, encoded = text.strip().partition(".")
    if version != LINK_VERSION:
        raise bad("version", f"link version {version!r} is not known here")
    try:
        body = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
        payload = zlib.decompress(body[:-4], -15)
    except (ValueError, zlib.error):
        raise bad("garbled", "the link is damaged or cut short") from None
    if zlib.crc32(payload).to_bytes(4, "big") != body[-4:]:
        raise bad("checksum", "the link's checksum does not match: it was changed or cut")
    try:
        game, options, moves = json.loads(payload)
    except (ValueError, TypeError):
        raise bad("garbled", "the link's content is not a record") from None
    return {"game": game, "options": options, "moves": moves}
