"""The envs set up a snooker match under any of its codes (issue 19): ``rules`` carries
``code``, ``third_miss`` and ``miss`` to the record the referee rules, a misspelt option or value
is refused, and after a third foul and a miss under the 2004 rule (14.1*) ``from_hand`` sends the
incoming player to the table, from hand."""

from __future__ import annotations

import numpy as np
import pytest

from potshot.envs.aec import env as aec_env
from potshot.envs.gym import PotshotEnv
from potshot.games.snooker.bot import SnookerBot
from potshot.games.snooker.env import SnookerAdapter
from potshot.games.snooker.equipment import TABLE
from tests.test_players_snooker_2004 import _three_misses

CODES = {"code": "older_amateur", "third_miss": "amateur_2004", "miss": "commentary"}


def test_gym_env_plays_under_the_rules_given() -> None:
    env = PotshotEnv("snooker", opponent="random", reds=6, rules=CODES, max_shots=40)
    env.reset(seed=3)
    rec = env.adapter.record
    assert rec.rules == {"reds": 6, **CODES}
    ref = env.adapter.referee
    assert (ref.rules["code"], ref.rules["third_miss"], ref.rules["miss"]) == (
        "older_amateur",
        "amateur_2004",
        "commentary",
    )
    for _ in range(3):
        _, _, done, trunc, _ = env.step(env.action_space.sample())
        if done or trunc:
            break
    assert env.adapter.record.rules == {"reds": 6, **CODES}


def test_aec_env_takes_the_rules() -> None:
    e = aec_env("snooker", rules={"third_miss": "amateur_2004"})
    e.reset(seed=1)
    assert e.adapter.record.rules == {"third_miss": "amateur_2004"}


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"thrid_miss": "amateur_2004"}, ["unknown rules option 'thrid_miss'", "third_miss"]),
        ({"code": "bogus"}, ["rules.code must be one of", '"older_amateur"']),
        ({"miss": "sometimes"}, ["rules.miss must be one of", '"commentary"']),
    ],
)
def test_a_misspelt_option_or_value_is_refused(rules: dict[str, str], words: list[str]) -> None:
    with pytest.raises(ValueError) as info:
        PotshotEnv("snooker", rules=rules)
    for w in words:
        assert w in str(info.value)
    with pytest.raises(ValueError):
        aec_env("snooker", rules=rules)


def _adapter_after_three_misses() -> SnookerAdapter:
    ref, rec, _ = _three_misses((889.0, 3300.0))
    ad = SnookerAdapter(["Ann", "Bob"], {"rules": {"third_miss": "amateur_2004"}})
    ad.record, ad.referee, ad.frame = rec, ref, rec.frames[0]
    return ad


def test_from_hand_goes_to_the_incoming_player_from_hand() -> None:
    """14.1*: the incoming player (Bob) may play from hand; ``put_back`` has the offender (Ann)
    play again; the agent's stroke after ``from_hand`` is placed in the D (Section 2 Rule 5)."""
    ad = _adapter_after_three_misses()
    turn = ad.turn()
    assert turn.player == "Bob" and set(turn.options) == {"play", "put_back", "from_hand"}
    chosen = {o: ad.decide(turn, turn.options.index(o)) for o in turn.options}
    assert {o: t.player for o, t in chosen.items()} == {"play": "Bob", "put_back": "Ann", "from_hand": "Bob"}
    t = chosen["from_hand"]
    assert t.decision == "from_hand"
    shot = ad.agent_shot(t, np.zeros(5), np.array([0.5, 0.5]), 0)
    assert shot.player == "Bob" and shot.before.decision == "from_hand"
    assert shot.before.place is not None and TABLE.in_d(*shot.before.place)


def test_the_bot_decides_among_the_three_and_its_player_strikes() -> None:
    ad = _adapter_after_three_misses()
    turn = ad.turn()
    t = ad.bot_decision(turn, SnookerBot("Bob", 2))
    assert t.decision in {"play", "put_back", "from_hand"}
    assert t.player == ("Ann" if t.decision == "put_back" else "Bob")
