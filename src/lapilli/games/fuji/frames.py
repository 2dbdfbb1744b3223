"""What the game waits for: a stack of frames ``(kind, seat, adventurer, x, y)``.

The top frame says who acts. Chance frames (``seat = CHANCE``) wait for a die roll or a
card draw; decision frames wait for one seat; automatic frames are rule steps the
engine runs by itself (they push the frames of the next step). ``x`` and ``y`` are
small integer arguments whose meaning depends on the kind.
"""

# chance
C_SCENARIO = 0  # draw a scenario card
C_SKILL = 1  # deal a skill card to adventurer a
C_TERRAIN = 2  # lay a card on cell x; y = 0 landscape pile, 1 village pile
C_EQUIP = 3  # adventurer a draws an equipment card
C_ROLL = 4  # roll die x
CHANCE_KINDS = frozenset({C_SCENARIO, C_SKILL, C_TERRAIN, C_EQUIP, C_ROLL})

# decisions
D_SKILL = 10  # choose a skill card for adventurer a
D_PUT_UNDER = 11  # Equipment manager / Tinkerer: put x more cards under the pile
D_LEAVE = 12  # a 5-dice skill: leave one die out
D_PLAN = 13  # phase 2, planning pass x (1 or 2)
D_SWAP = 14  # Binoculars: pick a card (x = first cell picked or -1; y = card spent)
D_ROPE = 15  # Rope: pick the adjacent card (x = 1 in phase 4)
D_REROLL = 16  # a reroll session (fields sess_* of the state)
D_EQUIP4 = 17  # phase 4: use equipment or done
D_GIVE_DIE = 18  # a gives one die to adventurer x (Lighter / Map)
D_CARABINER = 19  # Carabiner: a rerolls exactly one die
D_TURN = 20  # Duct tape (x = 1) / Compass (x = 6): turn dice showing x
D_MACHETE = 21  # Machete: x dice may still be set aside
D_SHOVEL = 22  # Shovel: pick a die (x = -1) then its new face (x = die)
D_ORDER = 23  # phase 5: who takes the next turn
D_BOOST = 24  # Gatherer a may spend power bars for mover x
D_INJURY = 25  # choose an injury space
D_LEG = 26  # leg injury: choose the die to lose
SKIPPABLE = frozenset({D_EQUIP4, D_REROLL, D_MACHETE, D_TURN})

# automatic steps
AUTO = 50
A_SETUP = 50
A_BOARD = 51
A_DEAL = 52
A_KEEP = 53
A_ROUND = 54
A_PLAN = 55
A_PLAN_END = 56
A_SESSION = 57  # start a reroll session: a, x = rerolls, y = kind*8 + side+1
A_BARS = 58
A_EQUIP4 = 59
A_MOVE = 60
A_MOVE_NEXT = 61
A_RESOLVE = 62
A_ERUPT = 63
A_PHASE4_END = 64

NAMES = {v: k for k, v in dict(globals()).items() if k[:2] in ("C_", "D_", "A_")}
