/* The normal player's card play, compiled: the twin of belote.agents.heuristics.choose_card,
 * of belote.agents.sim.play_out with the normal policy, and of the misplay count of
 * belote.agents.reading (how many of a seat's cards the heuristics would not have played).
 *
 * Included by _ckernel.c after its rule tables (POWER, ABOVE, the points) and its legal_mask;
 * the heuristics' own tables (each card's strength in its suit, the standard card points they
 * reason with, the trump suit of each mode, the points that make a trick worth winning) arrive
 * from belote.trumps and belote.agents.heuristics through set_tables. Each function below
 * mirrors the Python function of the same name, ties included (the Python max and min keep the
 * first of equal keys in ascending card order, so do these loops); the tests compare the two on
 * random positions of every preset, contract kind and play option. */

static uint8_t STRENGTH[6][32];    /* per mode, each card's strength within its suit (0..7) */
static uint8_t HEURISTIC_POINTS[6][32]; /* per mode, the standard card points the heuristics weigh */
static uint32_t TRUMP_SUIT[6];     /* per mode, the cards that beat any card of another suit */
static int WORTH_WINNING = 10;     /* belote.agents.heuristics.WORTH_WINNING */

static inline int beats(int card, int best, int mode) {
    uint32_t trumps = TRUMP_SUIT[mode];
    if ((trumps >> card) & 1) return !((trumps >> best) & 1) || STRENGTH[mode][card] > STRENGTH[mode][best];
    return (card >> 3) == (best >> 3) && !((trumps >> best) & 1) && STRENGTH[mode][card] > STRENGTH[mode][best];
}

static inline int is_master(int card, int mode, uint32_t unseen) { return !(ABOVE[mode][card] & unseen); }

/* fewest points, then weakest; trumps last */
static int lowest_card(uint32_t cards, int mode) {
    const uint8_t *points = HEURISTIC_POINTS[mode];
    uint32_t trumps = TRUMP_SUIT[mode];
    int best = -1, best_key = 1 << 30;
    for (; cards; cards &= cards - 1) {
        int card = lowbit(cards);
        int key = (int)((trumps >> card) & 1) * 1000 + points[card] * 10 + STRENGTH[mode][card];
        if (key < best_key) { best = card; best_key = key; }
    }
    return best;
}

/* the partner is master: the most points without spending a trump */
static int give_points(uint32_t legal, int mode) {
    uint32_t plain = legal & ~TRUMP_SUIT[mode];
    if (!plain) return lowest_card(legal, mode);
    const uint8_t *points = HEURISTIC_POINTS[mode];
    int best = -1, best_points = -1, best_strength = 0;
    for (; plain; plain &= plain - 1) {
        int card = lowbit(plain);
        int strength = STRENGTH[mode][card];
        if (points[card] > best_points || (points[card] == best_points && strength < best_strength)) {
            best = card;
            best_points = points[card];
            best_strength = strength;
        }
    }
    return best;
}

/* the weakest winning card (the most points among equals) */
static int win_cheaply(uint32_t winning, int mode) {
    const uint8_t *points = HEURISTIC_POINTS[mode];
    int best = -1, best_strength = 1 << 30, best_points = 0;
    for (; winning; winning &= winning - 1) {
        int card = lowbit(winning);
        int strength = STRENGTH[mode][card];
        if (strength < best_strength || (strength == best_strength && points[card] > best_points)) {
            best = card;
            best_strength = strength;
            best_points = points[card];
        }
    }
    return best;
}

/* the card of cards with the most points, the highest card number among equals */
static int most_points(uint32_t cards, int mode) {
    const uint8_t *points = HEURISTIC_POINTS[mode];
    int best = -1, best_points = -1;
    for (; cards; cards &= cards - 1) {
        int card = lowbit(cards);
        if (points[card] >= best_points) { best = card; best_points = points[card]; }
    }
    return best;
}

static int lead_from_strength(uint32_t hand, int mode, uint32_t unseen, int attacking) {
    uint32_t trumps = TRUMP_SUIT[mode];
    uint32_t my_trumps = hand & trumps;
    if (attacking && my_trumps && (unseen & trumps)) {
        int best = -1;
        for (uint32_t rest = my_trumps; rest; rest &= rest - 1) {
            int card = lowbit(rest);
            if (is_master(card, mode, unseen) && (best < 0 || STRENGTH[mode][card] > STRENGTH[mode][best])) best = card;
        }
        if (best >= 0) return best;
    }
    uint32_t plain = hand & ~trumps, masters = 0;
    for (uint32_t rest = plain; rest; rest &= rest - 1) {
        int card = lowbit(rest);
        if (is_master(card, mode, unseen) && ((unseen & SUIT_MASK(card >> 3)) || !(unseen & trumps)))
            masters |= 1u << card;
    }
    if (masters) return most_points(masters, mode);
    if (plain) {
        int longest = 0, length = -1;
        for (int suit = 0; suit < 4; suit++) {
            int count = popcount32(plain & SUIT_MASK(suit));
            if (count >= length) { longest = suit; length = count; }
        }
        return lowest_card(plain & SUIT_MASK(longest), mode);
    }
    return lowest_card(hand, mode);
}

/* the partner's winning card best cannot be beaten by a card not yet seen */
static int holds(int best, int led, int mode, uint32_t unseen) {
    uint32_t trumps = TRUMP_SUIT[mode];
    if ((trumps >> best) & 1) return !(ABOVE[mode][best] & unseen);
    if (ABOVE[mode][best] & unseen) return 0;
    return !(unseen & trumps) || (unseen & SUIT_MASK(led >> 3));
}

static int win_if_worth_it(uint32_t legal, uint32_t winning, const int *trick, int n, int mode, uint32_t unseen,
                           int attacking) {
    const uint8_t *points = HEURISTIC_POINTS[mode];
    uint32_t trumps = TRUMP_SUIT[mode];
    int on_table = 0;
    for (int i = 0; i < n; i++) on_table += points[trick[i]];
    int safe = (unseen & SUIT_MASK(trick[0] >> 3)) || !(unseen & trumps);
    uint32_t plain_masters = 0;
    for (uint32_t rest = winning & ~trumps; rest; rest &= rest - 1) {
        int card = lowbit(rest);
        if (is_master(card, mode, unseen)) plain_masters |= 1u << card;
    }
    if (plain_masters && safe) return most_points(plain_masters, mode);
    int cheapest = win_cheaply(winning, mode);
    if (((trumps >> cheapest) & 1) && !((trumps >> trick[0]) & 1)) {
        if (on_table || attacking) return cheapest; /* trump when needed */
        return lowest_card(legal, mode);
    }
    if (on_table + points[cheapest] >= WORTH_WINNING && (is_master(cheapest, mode, unseen) || on_table >= 10))
        return cheapest;
    return lowest_card(legal, mode);
}

/* the normal player's card among legal (a choice of at least one card) */
static int choose_card(uint32_t legal, const int *trick, int n, int mode, uint32_t unseen, int attacking) {
    if (!(legal & (legal - 1))) return lowbit(legal);
    if (!n) return lead_from_strength(legal, mode, unseen, attacking);
    int winner = winning_position(trick, n, mode);
    int best = trick[winner];
    if (n >= 2 && winner == n - 2 && (n == 3 || holds(best, trick[0], mode, unseen))) return give_points(legal, mode);
    uint32_t winning = 0;
    for (uint32_t rest = legal; rest; rest &= rest - 1) {
        int card = lowbit(rest);
        if (beats(card, best, mode)) winning |= 1u << card;
    }
    if (!winning) return lowest_card(legal, mode);
    if (n == 3) return win_cheaply(winning, mode);
    return win_if_worth_it(legal, winning, trick, n, mode, unseen, attacking);
}

/* one seen play as packed by belote.kernel.pack_plays: 16 bytes */
typedef struct {
    uint8_t card, n, trick[3], attacking, pad[2];
    uint32_t gone, later;
} PackedPlay;

/* how many of the count plays packed in buffer (one seat's, in play order) the heuristics would not
 * have made from the hand the seat holds now (hand_now plus each play's later cards); forced cards
 * count nothing. -1 when a play is not one pack_plays makes */
static int seat_misplays(uint32_t hand_now, const char *buffer, Py_ssize_t count, int mode, unsigned rules) {
    int misplays = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PackedPlay seen;
        memcpy(&seen, buffer + i * (Py_ssize_t)sizeof seen, sizeof seen); /* the buffer need not be aligned */
        if (seen.card > 31 || seen.n > 3 || seen.attacking > 1 || !((seen.later >> seen.card) & 1)) return -1;
        int trick[4] = {0, 0, 0, 0};
        for (int j = 0; j < seen.n; j++) {
            if (seen.trick[j] > 31) return -1;
            trick[j] = seen.trick[j];
        }
        uint32_t hand = hand_now | seen.later;
        uint32_t legal = legal_mask(hand, trick, seen.n, mode, rules);
        if ((legal & (legal - 1)) &&
            choose_card(legal, trick, seen.n, mode, ~(hand | seen.gone), seen.attacking) != seen.card)
            misplays++;
    }
    return misplays;
}
