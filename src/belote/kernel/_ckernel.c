/* The compiled twin of belote.kernel._pure: legal-card masks, trick winners, random rollouts
 * and the exact card-play search, on card numbers (suit * 8 + rank) and 32-bit hand masks.
 *
 * Every rule table (trick power, the cards above each card, the card points of every scale,
 * the last-trick bonus) is handed over by belote.kernel at import time from belote.trumps and
 * belote.tally: this file holds the control flow of the rules, never their numbers.
 * The play-rule options arrive packed in one small int (see belote.kernel.rules_code).
 * Plain C99 and the stable parts of the CPython C API; no other dependency. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <string.h>

/* rules_code bits: mirrors belote.kernel.rules_code */
#define R_TRUMP_LEAD_OVER 1u          /* trump_lead_must_overtrump_partner */
#define R_UNDER_SHIFT 1               /* undertrump_opponent: 0 must, 1 free, 2 forbidden_unless_forced */
#define R_PARTNER_SHIFT 3             /* partner_master_trumped: 0 free, 1 no_undertrump, 2 must_overtrump */
#define R_TA_EXCEPTION (1u << 5)      /* tout_atout_partner_exception */
#define R_NT_SHIFT 6                  /* no_trumps_scale index (2 bits) */
#define R_AT_SHIFT 8                  /* tout_atout_scale index (2 bits) */
#define R_BITS 10

enum { UNDER_MUST = 0, UNDER_FREE = 1 };
enum { PARTNER_FREE = 0, PARTNER_NO_UNDERTRUMP = 1 };

static int tables_ready = 0;
static uint8_t POWER[6][4][32];     /* trick power per mode, led suit and card */
static uint32_t ABOVE[6][32];       /* cards of the same suit that beat the card */
static uint8_t SUIT_POINTS[4][32];  /* card points in the four suit contracts */
static uint8_t NT_POINTS[4][32];    /* no trumps, per no_trumps_scale index */
static uint8_t AT_POINTS[4][32];    /* all trumps, per tout_atout_scale index */
static int LAST_TRICK = 0;
static int LIMITS[4] = {3, 3, 2, 4}; /* members of Undertrump, PartnerMasterTrumped, NoTrumpsScale, ToutAtoutScale */

#define SUIT_MASK(s) (0xFFu << (8 * (s)))

static inline int popcount32(uint32_t x) { /* without a popcnt instruction in the flags, faster than the builtin */
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static inline int lowbit(uint32_t x) { return __builtin_ctz(x); }
static inline int highbit(uint32_t x) { return 31 - __builtin_clz(x); }

static inline const uint8_t *points_of(int mode, unsigned rules) {
    if (mode < 4) return SUIT_POINTS[mode];
    if (mode == 4) return NT_POINTS[(rules >> R_NT_SHIFT) & 3];
    return AT_POINTS[(rules >> R_AT_SHIFT) & 3];
}

static inline int winning_position(const int *trick, int n, int mode) {
    const uint8_t *power = POWER[mode][trick[0] >> 3];
    int best = 0, top = -1;
    for (int i = 0; i < n; i++) {
        if (power[trick[i]] > top) { top = power[trick[i]]; best = i; }
    }
    return best;
}

/* belote.tricks.legal_mask, written once more in C (the tests compare the two); win is the
 * index of the card winning the trick so far (with no trump suit, or trumps led, it is also
 * the highest card of the led suit) */
static uint32_t legal_mask_win(uint32_t hand, const int *trick, int n, int win, int mode, unsigned rules) {
    if (n == 0) return hand;
    int led = trick[0] >> 3;
    uint32_t follow = hand & SUIT_MASK(led);
    if (mode == 4) return follow ? follow : hand;
    int best = trick[win];
    int partner_master = n >= 2 && win == n - 2;
    if (mode == 5) {
        if (!follow) return hand;
        uint32_t higher = follow & ABOVE[5][best];
        if (higher && !((rules & R_TA_EXCEPTION) && partner_master)) return higher;
        return follow;
    }
    uint32_t trump_mask = SUIT_MASK(mode);
    if (led == mode) {
        if (!follow) return hand;
        uint32_t higher = follow & ABOVE[mode][best];
        if (higher && ((rules & R_TRUMP_LEAD_OVER) || !partner_master)) return higher;
        return follow;
    }
    if (follow) return follow;
    uint32_t trumps = hand & trump_mask;
    if (!trumps) return hand;
    int trick_has_trump = (trump_mask >> best) & 1;
    if (partner_master) {
        unsigned partner = (rules >> R_PARTNER_SHIFT) & 3;
        if (partner == PARTNER_FREE || (partner == PARTNER_NO_UNDERTRUMP && !trick_has_trump)) return hand;
        if (partner == PARTNER_NO_UNDERTRUMP) {
            uint32_t allowed = (hand & ~trump_mask) | (trumps & ABOVE[mode][best]);
            return allowed ? allowed : hand;
        }
    }
    if (!trick_has_trump) return trumps;
    uint32_t higher = trumps & ABOVE[mode][best];
    if (higher) return higher;
    unsigned under = (rules >> R_UNDER_SHIFT) & 3;
    if (under == UNDER_MUST) return trumps;
    if (under == UNDER_FREE) return hand;
    uint32_t others = hand & ~trump_mask;
    return others ? others : hand;
}

static inline uint32_t legal_mask(uint32_t hand, const int *trick, int n, int mode, unsigned rules) {
    return legal_mask_win(hand, trick, n, n ? winning_position(trick, n, mode) : 0, mode, rules);
}

/* splitmix64, as belote.kernel._pure.splitmix64 */
static inline uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* ---------------------------------------------------------------- argument reading */

typedef struct {
    uint32_t hands[4];
    int trick[4];
    int n;
    int leader;
    int mode;
    unsigned rules;
} Position;

static int read_mask(PyObject *obj, uint32_t *out, const char *name) {
    unsigned long long value = PyLong_AsUnsignedLongLong(obj);
    if (value == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be a 32-bit card mask", name);
        return -1;
    }
    if (value >> 32) {
        PyErr_Format(PyExc_ValueError, "%s must be a 32-bit card mask", name);
        return -1;
    }
    *out = (uint32_t)value;
    return 0;
}

/* the items of a sequence argument as a tuple, the PySequence_Fast way (message: its TypeError):
 * a list is copied, so that converting an item (its __index__ may run any code, emptying the
 * list) cannot pull the items out from under the reader */
static PyObject *items_of(PyObject *obj, const char *message) {
    PyObject *fast = PySequence_Fast(obj, message);
    if (!fast || !PyList_Check(fast)) return fast;
    PyObject *items = PyList_AsTuple(fast);
    Py_DECREF(fast);
    return items;
}

/* the card numbers of a trick, least to most of them (else a ValueError with message), into trick */
static int read_cards(PyObject *seq, int *trick, int *n, Py_ssize_t least, Py_ssize_t most, const char *message) {
    PyObject *fast = items_of(seq, "trick must be a sequence of card numbers");
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len < least || len > most) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, message);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (card == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (card < 0 || card > 31) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "card number %ld out of range 0..31", card);
            return -1;
        }
        trick[i] = (int)card;
    }
    *n = (int)len;
    Py_DECREF(fast);
    return 0;
}

/* a trick in progress: at most 3 cards */
static int read_trick(PyObject *seq, int *trick, int *n) {
    return read_cards(seq, trick, n, 0, 3, "a trick in progress holds at most 3 cards");
}

/* a rules code argument, as the pure twin (variant_of_code) reads it: an int (not a bool), a
 * ValueError when it is beyond any code */
static int read_rules_code(PyObject *obj, long *rules) {
    if (PyBool_Check(obj) || !PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "rules must be an int (see rules_code), got %R", obj);
        return -1;
    }
    int overflow;
    *rules = PyLong_AsLongAndOverflow(obj, &overflow);
    if (*rules == -1 && PyErr_Occurred()) return -1;
    if (overflow || *rules < 0 || *rules >= (1L << R_BITS)) {
        PyErr_Format(PyExc_ValueError, "rules code %S out of range", obj);
        return -1;
    }
    return 0;
}

static int check_mode_rules(int mode, long rules) {
    if (!tables_ready) {
        PyErr_SetString(PyExc_RuntimeError, "belote kernel tables not set (import belote.kernel)");
        return -1;
    }
    if (mode < 0 || mode > 5) {
        PyErr_Format(PyExc_ValueError, "mode %d out of range 0..5", mode);
        return -1;
    }
    if (rules < 0 || rules >= (1L << R_BITS) || ((rules >> R_UNDER_SHIFT) & 3) >= LIMITS[0] ||
        ((rules >> R_PARTNER_SHIFT) & 3) >= LIMITS[1] || ((rules >> R_NT_SHIFT) & 3) >= LIMITS[2] ||
        ((rules >> R_AT_SHIFT) & 3) >= LIMITS[3]) {
        PyErr_Format(PyExc_ValueError, "rules code %ld out of range", rules);
        return -1;
    }
    return 0;
}

/* hands (4 masks), trick, leader, mode, rules: checks that the position is one of a deal */
static int read_position(PyObject *hands_obj, PyObject *trick_obj, int leader, int mode, long rules,
                         Position *pos) {
    if (check_mode_rules(mode, rules) < 0) return -1;
    PyObject *fast = items_of(hands_obj, "hands must be a sequence of 4 masks");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 4) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "hands must hold 4 masks, one per seat");
        return -1;
    }
    for (int s = 0; s < 4; s++) {
        if (read_mask(PySequence_Fast_GET_ITEM(fast, s), &pos->hands[s], "a hand") < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    if (read_trick(trick_obj, pos->trick, &pos->n) < 0) return -1;
    if (leader < 0 || leader > 3) {
        PyErr_Format(PyExc_ValueError, "leader %d out of range 0..3", leader);
        return -1;
    }
    uint32_t seen = 0;
    for (int s = 0; s < 4; s++) {
        if (seen & pos->hands[s]) {
            PyErr_SetString(PyExc_ValueError, "a card is in two hands");
            return -1;
        }
        seen |= pos->hands[s];
    }
    for (int i = 0; i < pos->n; i++) {
        if ((seen >> pos->trick[i]) & 1) {
            PyErr_SetString(PyExc_ValueError, "a card is both in the trick and in a hand");
            return -1;
        }
        seen |= 1u << pos->trick[i];
    }
    /* a position of a deal: the seats that played to this trick hold one card fewer */
    int to_act = (leader + pos->n) & 3;
    int size = popcount32(pos->hands[to_act]);
    for (int i = 0; i < 4; i++) {
        int seat = (leader + i) & 3;
        int want = i < pos->n ? size - 1 : size;
        if (popcount32(pos->hands[seat]) != want) {
            PyErr_SetString(PyExc_ValueError,
                            "hand sizes do not fit the trick: the seats that played hold one card fewer");
            return -1;
        }
    }
    pos->leader = leader;
    pos->mode = mode;
    pos->rules = (unsigned)rules;
    return 0;
}

#include "_normal_play.h"

/* ---------------------------------------------------------------- Python functions */

static PyObject *k_set_tables(PyObject *self, PyObject *args) {
    Py_buffer power, above, suit_points, nt_points, at_points, strength, heuristic_points, trump_suit;
    int last_trick, limits[4], worth_winning;
    if (!PyArg_ParseTuple(args, "y*y*y*y*y*i(iiii)y*y*y*i", &power, &above, &suit_points, &nt_points, &at_points,
                          &last_trick, &limits[0], &limits[1], &limits[2], &limits[3], &strength, &heuristic_points,
                          &trump_suit, &worth_winning))
        return NULL;
    int ok = power.len == (Py_ssize_t)sizeof POWER && above.len == (Py_ssize_t)sizeof ABOVE &&
             suit_points.len == (Py_ssize_t)sizeof SUIT_POINTS && nt_points.len == (Py_ssize_t)sizeof NT_POINTS &&
             at_points.len == (Py_ssize_t)sizeof AT_POINTS && strength.len == (Py_ssize_t)sizeof STRENGTH &&
             heuristic_points.len == (Py_ssize_t)sizeof HEURISTIC_POINTS &&
             trump_suit.len == (Py_ssize_t)sizeof TRUMP_SUIT;
    if (ok) {
        memcpy(STRENGTH, strength.buf, sizeof STRENGTH);
        memcpy(HEURISTIC_POINTS, heuristic_points.buf, sizeof HEURISTIC_POINTS);
        memcpy(TRUMP_SUIT, trump_suit.buf, sizeof TRUMP_SUIT); /* native-endian uint32 from array('I') */
        WORTH_WINNING = worth_winning;
        memcpy(POWER, power.buf, sizeof POWER);
        memcpy(ABOVE, above.buf, sizeof ABOVE); /* native-endian uint32 from array('I') */
        memcpy(SUIT_POINTS, suit_points.buf, sizeof SUIT_POINTS);
        memcpy(NT_POINTS, nt_points.buf, sizeof NT_POINTS);
        memcpy(AT_POINTS, at_points.buf, sizeof AT_POINTS);
        LAST_TRICK = last_trick;
        memcpy(LIMITS, limits, sizeof LIMITS);
        tables_ready = 1;
    }
    PyBuffer_Release(&power);
    PyBuffer_Release(&above);
    PyBuffer_Release(&suit_points);
    PyBuffer_Release(&nt_points);
    PyBuffer_Release(&at_points);
    PyBuffer_Release(&strength);
    PyBuffer_Release(&heuristic_points);
    PyBuffer_Release(&trump_suit);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "belote kernel tables of the wrong size");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *k_legal_mask(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"hand", "trick", "mode", "rules", NULL};
    PyObject *hand_obj, *trick_obj, *rules_obj;
    int mode;
    long rules;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOiO", kwlist, &hand_obj, &trick_obj, &mode, &rules_obj) ||
        read_rules_code(rules_obj, &rules) < 0)
        return NULL;
    uint32_t hand;
    int trick[4], n;
    if (check_mode_rules(mode, rules) < 0 || read_mask(hand_obj, &hand, "hand") < 0 ||
        read_trick(trick_obj, trick, &n) < 0)
        return NULL;
    return PyLong_FromUnsignedLong(legal_mask(hand, trick, n, mode, (unsigned)rules));
}

static PyObject *k_winning_position(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"trick", "mode", NULL};
    PyObject *trick_obj;
    int mode;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oi", kwlist, &trick_obj, &mode)) return NULL;
    int trick[4], n;
    if (check_mode_rules(mode, 0) < 0 || read_cards(trick_obj, trick, &n, 1, 4, "a trick holds 1 to 4 cards") < 0)
        return NULL;
    return PyLong_FromLong(winning_position(trick, n, mode));
}

/* the deal played to its end from start, as belote.agents.sim.play_out: first (if not -1) is the
 * card the seat to act plays now; after it, with rng, each card is drawn at random among the
 * legal ones (the k-th lowest, no draw when one card is legal); without rng, the normal
 * heuristics choose, the seats of team ahead (0 or 1; -1 for none) looking one card ahead
 * instead: each of their choices goes to the legal card whose own playout (by the heuristics
 * alone) ends with the best card-point margin for their team, the lowest card number among
 * equals. played: the cards gone before (the trick's included). Fills the card points won by
 * each team from the current trick on (the last-trick bonus included), the tricks each seat won
 * and the seat that took the last trick (-1 if none) */
static void play_to_end(const Position *start, uint32_t played, int taker_team, int first, int ahead, uint64_t *rng,
                        int won[2], int tricks[4], int *last);

/* the body of play_to_end, inlined into its two callers below so that each is compiled for its
 * own card choice (random or the heuristics) */
static inline __attribute__((always_inline)) void play_loop(const Position *start, uint32_t played, int taker_team,
                                                            int first, int ahead, uint64_t *rng, int won[2],
                                                            int tricks[4], int *last) {
    Position pos = *start;
    const uint8_t *points = points_of(pos.mode, pos.rules);
    int seat = (pos.leader + pos.n) & 3;
    *last = -1;
    for (;;) {
        uint32_t hand = pos.hands[seat];
        if (!hand) break;
        uint32_t legal = legal_mask(hand, pos.trick, pos.n, pos.mode, pos.rules);
        int card;
        if (first >= 0) {
            card = first;
            first = -1;
        } else if (rng) {
            if (legal & (legal - 1)) {
                uint64_t k = ((splitmix64(rng) >> 32) * (uint64_t)popcount32(legal)) >> 32;
                while (k--) legal &= legal - 1;
            }
            card = lowbit(legal);
        } else if ((seat & 1) == ahead && (legal & (legal - 1))) {
            int best = 0;
            card = -1;
            for (uint32_t rest = legal; rest; rest &= rest - 1) {
                int option = lowbit(rest), option_won[2] = {0, 0}, option_tricks[4] = {0, 0, 0, 0}, option_last;
                play_to_end(&pos, played, taker_team, option, -1, NULL, option_won, option_tricks, &option_last);
                int margin = option_won[ahead] - option_won[1 - ahead];
                if (card < 0 || margin > best) {
                    best = margin;
                    card = option;
                }
            }
        } else {
            card = choose_card(legal, pos.trick, pos.n, pos.mode, ~(hand | played), (seat & 1) == taker_team);
        }
        pos.hands[seat] = hand & ~(1u << card);
        played |= 1u << card;
        pos.trick[pos.n++] = card;
        if (pos.n == 4) {
            int winner = (pos.leader + winning_position(pos.trick, 4, pos.mode)) & 3;
            won[winner & 1] += points[pos.trick[0]] + points[pos.trick[1]] + points[pos.trick[2]] + points[pos.trick[3]];
            tricks[winner]++;
            *last = winner;
            pos.n = 0;
            pos.leader = seat = winner;
            if (!pos.hands[winner]) {
                won[winner & 1] += LAST_TRICK;
                break;
            }
        } else {
            seat = (seat + 1) & 3;
        }
    }
}

static void play_to_end(const Position *start, uint32_t played, int taker_team, int first, int ahead, uint64_t *rng,
                        int won[2], int tricks[4], int *last) {
    if (rng) play_loop(start, played, taker_team, first, ahead, rng, won, tricks, last);
    else play_loop(start, played, taker_team, first, ahead, NULL, won, tricks, last);
}

static PyObject *k_rollouts(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"hands", "trick", "leader", "mode", "rules", "seed", "count", NULL};
    PyObject *hands_obj, *trick_obj, *seed_obj, *rules_obj;
    int leader, mode;
    long rules;
    Py_ssize_t count;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOiiOOn", kwlist, &hands_obj, &trick_obj, &leader, &mode,
                                     &rules_obj, &seed_obj, &count) ||
        read_rules_code(rules_obj, &rules) < 0)
        return NULL;
    Position pos;
    if (read_position(hands_obj, trick_obj, leader, mode, rules, &pos) < 0) return NULL;
    uint64_t rng = PyLong_AsUnsignedLongLongMask(seed_obj);
    if (rng == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    if (count < 0) {
        PyErr_SetString(PyExc_ValueError, "count must be at least 0");
        return NULL;
    }
    long long won[2] = {0, 0};
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < count; i++) {
        int points[2] = {0, 0}, tricks[4] = {0, 0, 0, 0}, last;
        play_to_end(&pos, 0, 0, -1, -1, &rng, points, tricks, &last);
        won[0] += points[0];
        won[1] += points[1];
    }
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(LL)", won[0], won[1]);
}

static PyObject *k_normal_card(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"hand", "legal", "trick", "mode", "unseen", "attacking", NULL};
    PyObject *hand_obj, *legal_obj, *trick_obj, *unseen_obj;
    int mode, attacking;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOiOp", kwlist, &hand_obj, &legal_obj, &trick_obj, &mode,
                                     &unseen_obj, &attacking))
        return NULL;
    uint32_t hand, legal, unseen;
    int trick[4], n;
    if (check_mode_rules(mode, 0) < 0 || read_mask(hand_obj, &hand, "hand") < 0 ||
        read_mask(legal_obj, &legal, "legal") < 0 || read_mask(unseen_obj, &unseen, "unseen") < 0 ||
        read_trick(trick_obj, trick, &n) < 0)
        return NULL;
    if (!legal || (legal & ~hand)) {
        PyErr_SetString(PyExc_ValueError, "legal must be a non-empty part of hand");
        return NULL;
    }
    return PyLong_FromLong(choose_card(legal, trick, n, mode, unseen, attacking));
}

static PyObject *k_normal_play_out(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"hands", "trick", "leader", "mode", "rules", "taker_team", "played", "first", "ahead",
                             NULL};
    PyObject *hands_obj, *trick_obj, *played_obj, *rules_obj;
    int leader, mode, taker_team, first = -1, ahead = -1;
    long rules;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOiiOiO|ii", kwlist, &hands_obj, &trick_obj, &leader, &mode,
                                     &rules_obj, &taker_team, &played_obj, &first, &ahead) ||
        read_rules_code(rules_obj, &rules) < 0)
        return NULL;
    Position pos;
    uint32_t played;
    if (read_position(hands_obj, trick_obj, leader, mode, rules, &pos) < 0 || read_mask(played_obj, &played, "played") < 0)
        return NULL;
    if (taker_team != 0 && taker_team != 1) {
        PyErr_Format(PyExc_ValueError, "taker_team must be 0 or 1, got %d", taker_team);
        return NULL;
    }
    if (ahead < -1 || ahead > 1) {
        PyErr_Format(PyExc_ValueError, "ahead must be -1, 0 or 1, got %d", ahead);
        return NULL;
    }
    uint32_t held = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3], in_trick = 0;
    for (int i = 0; i < pos.n; i++) in_trick |= 1u << pos.trick[i];
    if ((played & held) || (in_trick & ~played)) {
        PyErr_SetString(PyExc_ValueError, "played must hold the trick's cards and no card of a hand");
        return NULL;
    }
    if (first != -1) {
        uint32_t hand = pos.hands[(pos.leader + pos.n) & 3];
        if (first < 0 || first > 31 || !((legal_mask(hand, pos.trick, pos.n, mode, (unsigned)rules) >> first) & 1)) {
            PyErr_Format(PyExc_ValueError, "first must be -1 or a legal card of the seat to act, got %d", first);
            return NULL;
        }
    }
    int won[2] = {0, 0}, tricks[4] = {0, 0, 0, 0}, last;
    play_to_end(&pos, played, taker_team, first, ahead, NULL, won, tricks, &last);
    return Py_BuildValue("(ii[iiii]i)", won[0], won[1], tricks[0], tricks[1], tricks[2], tricks[3], last);
}

static PyObject *k_seat_misplays(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"hand", "plays", "mode", "rules", NULL};
    PyObject *hand_obj, *rules_obj;
    Py_buffer plays;
    int mode;
    long rules;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oy*iO", kwlist, &hand_obj, &plays, &mode, &rules_obj)) return NULL;
    if (read_rules_code(rules_obj, &rules) < 0) {
        PyBuffer_Release(&plays);
        return NULL;
    }
    uint32_t hand;
    if (check_mode_rules(mode, rules) < 0 || read_mask(hand_obj, &hand, "hand") < 0) {
        PyBuffer_Release(&plays);
        return NULL;
    }
    if (plays.len % (Py_ssize_t)sizeof(PackedPlay)) {
        PyBuffer_Release(&plays);
        PyErr_SetString(PyExc_ValueError, "plays must be packed by belote.kernel.pack_plays");
        return NULL;
    }
    int misplays = seat_misplays(hand, (const char *)plays.buf, plays.len / (Py_ssize_t)sizeof(PackedPlay), mode,
                                 (unsigned)rules);
    PyBuffer_Release(&plays);
    if (misplays < 0) {
        PyErr_SetString(PyExc_ValueError, "plays must be packed by belote.kernel.pack_plays");
        return NULL;
    }
    return PyLong_FromLong(misplays);
}

#include "_search.h"

#define MOST_BONUS 10000 /* a capot bonus's largest value, as belote.kernel._capots.MOST_BONUS */
#define MOST_TRICKS 8

/* the count ints (at most 4) of fast, a sequence of that size, each from 0 to most, into out: 0, or
 * -1 with an error set, naming the values by name and unit ("won", " tricks") */
static int fill_ints(PyObject *fast, int *out, Py_ssize_t count, long most, const char *name, const char *unit) {
    long values[4];
    for (Py_ssize_t i = 0; i < count; i++) { /* every item read first, then the range: as the pure twin */
        values[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (values[i] == -1 && PyErr_Occurred()) return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        if (values[i] < 0 || values[i] > most) {
            PyErr_Format(PyExc_ValueError, "%s values must be 0..%ld%s", name, most, unit);
            return -1;
        }
        out[i] = (int)values[i];
    }
    return 0;
}

static int read_pair(PyObject *obj, int out[2], const char *name) {
    PyObject *fast = items_of(obj, name);
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    int status = -1;
    if (count != 2)
        PyErr_Format(PyExc_ValueError, "%s must hold 2 ints, one per team, got %zd", name, count);
    else
        status = fill_ints(fast, out, 2, MOST_BONUS, name, "");
    Py_DECREF(fast);
    return status;
}

/* a one-player capot bonus per team (2 ints) or per seat (4 ints), as per seat (see per_seat in
 * _capots.py); the sequence is read once (it may be an iterator) */
static int read_solo(PyObject *obj, int out[4]) {
    PyObject *fast = items_of(obj, "solo_bonus");
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    int status = -1;
    if (count != 2 && count != 4)
        PyErr_Format(PyExc_ValueError, "solo_bonus must hold 2 ints (per team) or 4 (per seat), got %zd", count);
    else
        status = fill_ints(fast, out, count, MOST_BONUS, "solo_bonus", "");
    Py_DECREF(fast);
    if (status == 0 && count == 2) {
        out[2] = out[0];
        out[3] = out[1];
    }
    return status;
}

/* the tricks won so far, per team (2 ints) or per seat (4 ints): returns how many, or -1 */
static int read_won(PyObject *obj, int out[4]) {
    PyObject *fast = items_of(obj, "won must be a tuple of ints");
    if (!fast) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    int status = -1;
    if (count != 2 && count != 4)
        PyErr_Format(PyExc_ValueError, "won must hold 2 ints (per team) or 4 (per seat), got %zd", count);
    else
        status = fill_ints(fast, out, count, MOST_TRICKS, "won", " tricks");
    Py_DECREF(fast);
    return status < 0 ? -1 : (int)count;
}

/* the Rules tuple of belote.kernel._rules (6 small ints) as a rules code */
static long read_rules(PyObject *obj) {
    static const int shifts[6] = {0, R_UNDER_SHIFT, R_PARTNER_SHIFT, 5, R_NT_SHIFT, R_AT_SHIFT};
    static const long widths[6] = {1, 3, 3, 1, 3, 3};
    PyObject *fast = items_of(obj, "rules must be a tuple of 6 ints");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 6) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "rules must hold 6 ints (see rule_values)");
        return -1;
    }
    long code = 0;
    for (int i = 0; i < 6; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (value < 0 || value > widths[i]) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "rules code: rule value %ld out of range", value);
            return -1;
        }
        code |= value << shifts[i];
    }
    Py_DECREF(fast);
    return code;
}

/* solve_value's flat margins, for the side to act: None, or (low, high) with low <= high */
static int read_flat(PyObject *obj, int *on, int *low, int *high) {
    *on = 0;
    if (obj == Py_None) return 0;
    PyObject *fast = PySequence_Check(obj) ? items_of(obj, "flat") : NULL;
    if (!fast) PyErr_Clear();
    int ok = fast && PySequence_Fast_GET_SIZE(fast) == 2;
    long ends[2] = {0, 0};
    for (int i = 0; ok && i < 2; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        ok = PyLong_Check(item) && !PyBool_Check(item);
        if (ok) {
            int overflow;
            ends[i] = PyLong_AsLongAndOverflow(item, &overflow);
            ok = !overflow && ends[i] >= -10000 && ends[i] <= 10000;
        }
    }
    Py_XDECREF(fast);
    if (!ok || ends[0] > ends[1]) {
        PyErr_Format(PyExc_ValueError, "flat must be None or two ints (low, high), low <= high, within 10000, got %R", obj);
        return -1;
    }
    *on = 1;
    *low = (int)ends[0];
    *high = (int)ends[1];
    return 0;
}

/* time_limit: None, or a number of seconds above 0 (an int or a float, not a bool; an infinite one is
 * no limit); *limit stays 0 for None */
static int read_time_limit(PyObject *obj, double *limit) {
    if (obj == Py_None) return 0;
    if (PyBool_Check(obj) || !(PyLong_Check(obj) || PyFloat_Check(obj))) {
        PyErr_Format(PyExc_TypeError, "time_limit must be None or a number of seconds above 0, got %R", obj);
        return -1;
    }
    double seconds = PyFloat_AsDouble(obj);
    if (seconds == -1.0 && PyErr_Occurred()) return -1;
    if (!(seconds > 0)) {
        PyErr_Format(PyExc_ValueError, "time_limit must be None or a number of seconds above 0, got %R", obj);
        return -1;
    }
    *limit = seconds;
    return 0;
}

/* solve_cards (best_only 0) and solve_value (best_only 1): the exact value of each legal card of the
 * seat to act, or of the best one only (with flat, a best margin among the flat ones given as the lowest of them) */
static PyObject *solve_root(PyObject *args, PyObject *kwargs, int best_only) {
    static char *kwlist[] = {"hands", "trick", "leader", "mode", "rules", "won", "capot_bonus", "table", "solo_bonus",
                             "threads", "time_limit", NULL};
    static char *value_kwlist[] = {"hands", "trick", "leader", "mode", "rules", "won", "capot_bonus", "table",
                                   "solo_bonus", "threads", "flat", "time_limit", NULL};
    PyObject *hands_obj, *trick_obj, *rules_obj, *won_obj, *bonus_obj, *table_obj = Py_None, *solo_obj = Py_None;
    PyObject *threads_obj = Py_None, *flat_obj = Py_None, *limit_obj = Py_None;
    int leader, mode;
    if (best_only ? !PyArg_ParseTupleAndKeywords(args, kwargs, "OOiiOOO|OO$OOO", value_kwlist, &hands_obj, &trick_obj,
                                                 &leader, &mode, &rules_obj, &won_obj, &bonus_obj, &table_obj,
                                                 &solo_obj, &threads_obj, &flat_obj, &limit_obj)
                  : !PyArg_ParseTupleAndKeywords(args, kwargs, "OOiiOOO|OO$OO", kwlist, &hands_obj, &trick_obj, &leader,
                                                 &mode, &rules_obj, &won_obj, &bonus_obj, &table_obj, &solo_obj,
                                                 &threads_obj, &limit_obj))
        return NULL;
    int flat_on, flat_low = 0, flat_high = 0;
    if (read_flat(flat_obj, &flat_on, &flat_low, &flat_high) < 0) return NULL;
    long rules = read_rules(rules_obj);
    if (rules < 0) return NULL;
    long threads = 0; /* 0: as many as the processors for a big position, else one */
    if (threads_obj != Py_None) {
        if (!PyLong_Check(threads_obj) || PyBool_Check(threads_obj)) {
            PyErr_Format(PyExc_TypeError, "threads must be an int >= 1 or None, got %R", threads_obj);
            return NULL;
        }
        int overflow;
        threads = PyLong_AsLongAndOverflow(threads_obj, &overflow);
        if (threads == -1 && PyErr_Occurred()) return NULL;
        if (overflow) threads = overflow > 0 ? MAX_WORKERS : 0; /* more than there can be: as many as can be */
        if (threads < 1) {
            PyErr_Format(PyExc_ValueError, "threads must be an int >= 1 or None, got %R", threads_obj);
            return NULL;
        }
    }
    double limit = 0; /* seconds; 0: no time limit */
    if (read_time_limit(limit_obj, &limit) < 0) return NULL;
    Position pos;
    int won[4], bonus[2], solo[4];
    int won_count = read_won(won_obj, won);
    if (won_count < 0 || read_position(hands_obj, trick_obj, leader, mode, rules, &pos) < 0 ||
        read_pair(bonus_obj, bonus, "capot_bonus") < 0)
        return NULL;
    if (solo_obj == Py_None) {
        solo[0] = solo[2] = bonus[0];
        solo[1] = solo[3] = bonus[1];
    } else if (read_solo(solo_obj, solo) < 0) {
        return NULL;
    } else if (won_count != 4) {
        PyErr_SetString(PyExc_ValueError, "won must hold 4 ints, one per seat, with solo_bonus");
        return NULL;
    }
    /* the capots still open (see Search): as belote.kernel._capots.start_flag */
    int teams[2] = {won[0], won[1]};
    if (won_count == 4) {
        teams[0] += won[2];
        teams[1] += won[3];
    }
    int flag = (teams[1] == 0 ? 1 : 0) | (teams[0] == 0 ? 2 : 0);
    if (won_count == 4) {
        int total = won[0] + won[1] + won[2] + won[3];
        for (int seat = 0; seat < 4; seat++) {
            int team = seat & 1;
            if (won[seat] == total && ((flag >> team) & 1) && solo[seat] != bonus[team]) flag |= 4 << seat;
        }
    }
    Search s;
    search_init(&s, &pos, bonus, solo);
    uint32_t alive = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3];
    for (int i = 0; i < pos.n; i++) alive |= 1u << pos.trick[i];
    int remaining = LAST_TRICK;
    for (uint32_t rest = alive; rest; rest &= rest - 1) remaining += s.points[lowbit(rest)];
    int seat = (pos.leader + pos.n) & 3;
    uint32_t hand = pos.hands[seat];
    if (!hand) {
        if (!best_only) return PyTuple_New(0);
        PyErr_SetString(PyExc_ValueError, "the seat to act holds no card: the deal is over");
        return NULL;
    }
    uint32_t legal = legal_mask(hand, pos.trick, pos.n, pos.mode, pos.rules);
    int8_t representative[32];
    uint32_t chosen = reduce(&s, legal, alive, representative);
    /* the margin's extremes */
    int lowest = -remaining - bonus[1], highest = remaining + bonus[0];
    for (int seat = 0; seat < 4; seat++) {
        if (seat & 1) {
            if (-remaining - solo[seat] < lowest) lowest = -remaining - solo[seat];
        } else if (remaining + solo[seat] > highest) {
            highest = remaining + solo[seat];
        }
    }
    int sign = (seat & 1) ? -1 : 1;
    int values[32];
    Root root;
    memset(&root, 0, sizeof root);
    root.pos = &pos;
    root.seat = seat;
    root.flag = flag;
    root.hand = hand;
    root.alive = alive;
    root.values = values;
    root.best_only = best_only;
    if (flat_on) { /* in team 0's margins */
        root.flat_on = 1;
        root.flat_low = sign > 0 ? flat_low : -flat_high;
        root.flat_high = sign > 0 ? flat_high : -flat_low;
    }
    /* best_only: the cards in the search's own order (the likely best first), since a card found
     * worth v bounds the others; for every card's value, by card number, which keeps a suit's
     * cards together, so that each card's value, the next one's first guess, is close to it */
    int moves[32], count = 0;
    if (best_only) {
        int win = pos.n ? winning_position(pos.trick, pos.n, pos.mode) : 0;
        count = order_moves(&s, chosen, pos.trick, pos.n, win, seat, -1, moves, alive);
    } else {
        for (uint32_t rest = chosen; rest; rest &= rest - 1) moves[count++] = lowbit(rest);
    }
    for (int i = 0; i < count; i++) {
        root.lower[root.count] = lowest;
        root.upper[root.count] = highest;
        root.cards[root.count++] = moves[i];
    }
    if (!threads) threads = popcount32(alive) >= THREADS_FROM ? cpu_count() : 1;
    if (threads > root.count) threads = root.count;
    if (threads > MAX_WORKERS) threads = MAX_WORKERS;
    int tag[TAG_SIZE] = {mode, (int)rules, bonus[0], bonus[1], solo[0], solo[1], solo[2], solo[3]};
    int keep = table_obj != Py_None; /* a table passed in: keep the facts learnt under these rules */
    int started = 0, no_memory = 0;
    if (limit > 0 && limit < 1e9) { /* a longer limit (or an infinite one) is none */
        s.timed = 1;
        s.deadline = monotonic_ns() + (int64_t)(limit * 1e9);
        s.out_of_time = &root.out_of_time;
        s.stops = root.done;
        s.stop_count = root.count;
    }
    Py_BEGIN_ALLOW_THREADS
    Table *table = take_table(tag, keep);
    /* on the heap: a worker is some 4 KB, too much for the stack of a thread given a small one */
    Worker *workers = table ? PyMem_RawMalloc((size_t)threads * sizeof(Worker)) : NULL;
    if (!workers) {
        no_memory = 1;
        if (table) give_table(table);
    } else {
        start_facts(table, tag, keep);
        s.table = table->entries;
        s.generation = table->generation;
        s.threaded = threads > 1;
        for (int t = 0; t < threads; t++) {
            memcpy(&workers[t].search, &s, sizeof s);
            workers[t].root = &root;
            workers[t].done = NULL;
        }
        if (threads > 1) {
            Py_BLOCK_THREADS /* starting a thread needs the GIL on some Pythons */
            for (int t = 1; t < threads; t++) {
                PyThread_type_lock done = PyThread_allocate_lock();
                if (!done) break;
                PyThread_acquire_lock(done, WAIT_LOCK);
                workers[t].done = done;
                if (PyThread_start_new_thread(work_on_thread, &workers[t]) == PYTHREAD_INVALID_THREAD_ID) {
                    PyThread_release_lock(done);
                    PyThread_free_lock(done);
                    break; /* the threads started (and this one) take the cards left */
                }
                started++;
            }
            Py_UNBLOCK_THREADS
        }
        work(&workers[0]);
        for (int t = 1; t <= started; t++) {
            PyThread_acquire_lock(workers[t].done, WAIT_LOCK);
            PyThread_free_lock(workers[t].done);
        }
        give_table(table);
        PyMem_RawFree(workers);
    }
    Py_END_ALLOW_THREADS
    if (no_memory) return PyErr_NoMemory();
    if (root.out_of_time) {
        PyErr_Format(PyExc_TimeoutError, "the search ran past its time_limit of %R seconds", limit_obj);
        return NULL;
    }
    for (int i = 0; i < root.count; i++) values[root.cards[i]] *= sign;
    if (best_only) {
        int best = values[root.cards[0]];
        for (int i = 1; i < root.count; i++)
            if (values[root.cards[i]] > best) best = values[root.cards[i]];
        if (flat_on && best >= flat_low && best <= flat_high) best = flat_low; /* as the pure twin gives it */
        return Py_BuildValue("(ii)", payoff_of(best, remaining), best);
    }
    PyObject *result = PyTuple_New(popcount32(legal));
    if (!result) return NULL;
    Py_ssize_t index = 0;
    for (uint32_t rest = legal; rest; rest &= rest - 1) {
        int card = lowbit(rest);
        int margin = values[(int)representative[card]];
        PyObject *row = Py_BuildValue("(iii)", card, payoff_of(margin, remaining), margin);
        if (!row) { Py_DECREF(result); return NULL; }
        PyTuple_SET_ITEM(result, index++, row);
    }
    return result;
}

static PyObject *k_solve_cards(PyObject *self, PyObject *args, PyObject *kwargs) {
    return solve_root(args, kwargs, 0);
}

static PyObject *k_solve_value(PyObject *self, PyObject *args, PyObject *kwargs) {
    return solve_root(args, kwargs, 1);
}

static PyMethodDef kernel_methods[] = {
    {"set_tables", k_set_tables, METH_VARARGS, "Receive the rule tables (done once by belote.kernel)."},
    {"legal_mask", (PyCFunction)(void (*)(void))k_legal_mask, METH_VARARGS | METH_KEYWORDS, "legal_mask(hand, trick, mode, rules) -> mask"},
    {"winning_position", (PyCFunction)(void (*)(void))k_winning_position, METH_VARARGS | METH_KEYWORDS, "winning_position(trick, mode) -> index"},
    {"rollouts", (PyCFunction)(void (*)(void))k_rollouts, METH_VARARGS | METH_KEYWORDS,
     "rollouts(hands, trick, leader, mode, rules, seed, count) -> (team 0 points, team 1 points)"},
    {"normal_card", (PyCFunction)(void (*)(void))k_normal_card, METH_VARARGS | METH_KEYWORDS,
     "normal_card(hand, legal, trick, mode, unseen, attacking) -> card"},
    {"normal_play_out", (PyCFunction)(void (*)(void))k_normal_play_out, METH_VARARGS | METH_KEYWORDS,
     "normal_play_out(hands, trick, leader, mode, rules, taker_team, played, first=-1, ahead=-1) -> (team 0 points, "
     "team 1 points, [tricks per seat], last trick's winner)"},
    {"seat_misplays", (PyCFunction)(void (*)(void))k_seat_misplays, METH_VARARGS | METH_KEYWORDS,
     "seat_misplays(hand, plays, mode, rules) -> count"},
    {"solve_cards", (PyCFunction)(void (*)(void))k_solve_cards, METH_VARARGS | METH_KEYWORDS,
     "solve_cards(hands, trick, leader, mode, rules, won, capot_bonus, table=None, solo_bonus=None, *, threads=None, "
     "time_limit=None) -> ((card, points, margin), ...)"},
    {"solve_value", (PyCFunction)(void (*)(void))k_solve_value, METH_VARARGS | METH_KEYWORDS,
     "solve_value(hands, trick, leader, mode, rules, won, capot_bonus, table=None, solo_bonus=None, *, threads=None, "
     "flat=None, time_limit=None) -> (points, margin)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "_ckernel", "The compiled belote kernel (see belote.kernel).", -1, kernel_methods,
};

PyMODINIT_FUNC PyInit__ckernel(void) {
    if (!POOL_LOCK && !(POOL_LOCK = PyThread_allocate_lock())) return PyErr_NoMemory();
    PyObject *module = PyModule_Create(&kernel_module);
    if (!module) return NULL;
#ifdef BELOTE_SOURCE_HASH
    if (PyModule_AddStringConstant(module, "SOURCE_HASH", BELOTE_SOURCE_HASH) < 0) {
        Py_DECREF(module);
        return NULL;
    }
#endif
    return module;
}
