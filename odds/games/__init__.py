"""The game registry: game id -> the module that defines it (imported on first use)."""

from __future__ import annotations

import importlib

from ..errors import UnknownName

GAME_MODULES = {
    "baccarat": "odds.games.baccarat:BACCARAT",
    "tiger-baccarat": "odds.games.baccarat:TIGER_BACCARAT",
    "dragon-tiger": "odds.games.dragon_tiger:DRAGON_TIGER",
    "dragon-tiger-poker": "odds.games.dragon_tiger:DRAGON_TIGER_POKER",
    "sic-bo": "odds.games.sic_bo:SIC_BO",
    "roulette": "odds.games.roulette:ROULETTE",
    "american-roulette": "odds.games.roulette:AMERICAN_ROULETTE",
    "player-dealer-baccarat": "odds.games.player_dealer:PLAYER_DEALER_BACCARAT",
    "triple-zero-roulette": "odds.games.roulette:TRIPLE_ZERO_ROULETTE",
    "bac-bo": "odds.games.bac_bo:BAC_BO",
    "andar-bahar": "odds.games.andar_bahar:ANDAR_BAHAR",
}
"""Every game, in the order ``odds games`` lists them."""

_loaded: dict = {}


def game_ids() -> list[str]:
    return list(GAME_MODULES)


def get_game(game_id: str):
    """The game with this id; an unknown id raises :class:`UnknownName` with suggestions."""
    if game_id not in GAME_MODULES:
        raise UnknownName("game", game_id, GAME_MODULES)
    if game_id not in _loaded:
        module, attr = GAME_MODULES[game_id].split(":")
        _loaded[game_id] = getattr(importlib.import_module(module), attr)
    return _loaded[game_id]


def all_games():
    return [get_game(g) for g in GAME_MODULES]


from ..callable_module import make_callable  # noqa: E402 - the package is also odds.games(), the API function

make_callable(__name__)
