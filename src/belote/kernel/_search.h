/* The exact search of the compiled kernel (included once, by _ckernel.c).
 *
 * A port of belote.kernel._search.solve_cards (see its docstring for the game value):
 * alpha-beta (fail-soft) on team 0's margin, a transposition table at trick boundaries holding
 * bounds on the margin of the tricks still to play (and the best lead found, for move ordering),
 * and the same equivalent-card reduction (cards of one suit adjacent in the mode's order among
 * the alive cards, with equal points, are one choice). The values are exact, so the move order,
 * the table's size and the threads change the speed only.
 *
 * Beyond the pure twin, for speed: the last two tricks are played out by a direct minimax
 * (two cards a hand) without the table; at the fourth card of a trick, the table's buckets of
 * the positions the trick can end in are fetched ahead; the leads are tried in the order: the
 * last lead that cut the search off with as many tricks left by the same seat (a killer move),
 * the table's best lead, master cards, leads to the partner's master, then the cheapest; the
 * third card of a trick has its killer move too; a forced card skips the ordering. The root
 * gives each distinct legal card its exact value by MTD(f): null-window probes starting from
 * the previous card's value, galloping then bisecting, between the margin's true extremes.
 *
 * Tables and threads: each solve holds a table of its own from a pool (MAX_TABLES, so that
 * solves on several Python threads run at once), and may split its legal cards over worker
 * threads (MAX_WORKERS) that share that table, each bucket guarded by a sequence lock (its
 * version). By default a solve of THREADS_FROM cards or more uses the processors the process
 * may run on; smaller ones, which take a millisecond or less, one thread. Whole classic deals
 * from the first lead (32 cards, a suit contract): see benchmarks/solver_speed.py.
 *
 * A time limit (time_limit=seconds) is read every CLOCK_EVERY trick boundaries; past it every
 * card's stop flag is set, as when another thread finds a card's value, so the searches unwind
 * with void values that nothing stores, and the solve raises TimeoutError
 * (benchmarks/solver_time_limit.py).
 *
 * Measured on the 60 slowest of 1,000 such deals (one thread, the same values) and not kept: keying
 * the table by stand-ins (the alive cards of a suit relabelled by their order of power and points,
 * so that positions reached by playing different cards of no points share an entry) cut the nodes
 * by 0 to 14 % and took a fifth more time; tables of 2^17 and 2^20 buckets instead of 2^18, the
 * gallop's first step at 2 or 8 instead of 4, the root's cards in the move order instead of by
 * card number, killer moves for the second and fourth cards too, and a full-window search once the
 * bracket is 6 to 16 points wide changed the time by no more than the machine's noise (5 to 10 %). */

#include <time.h> /* clock_gettime: a solve's time limit */
#if defined(__linux__)
#include <sched.h> /* sched_getaffinity: the processors this process may run on */
#elif defined(__unix__) || defined(__APPLE__)
#include <unistd.h> /* sysconf */
#endif

#define INF 100000
#define TT_BITS 18
#define TT_SIZE (1u << TT_BITS)
#define MAX_TABLES 8  /* solves at once, each on its own table (more wait for one) */
#define MAX_WORKERS 8 /* threads of one solve */
#define THREADS_FROM 28 /* cards in play from which a solve splits its legal cards over the cores by default */

typedef struct {
    uint32_t hands[4];
    int32_t low, high;
    uint16_t generation;
    uint16_t version; /* in a bucket's first entry, on a shared table: its writes, odd while one is under way */
    uint8_t leader_flag;
    int8_t best;
} Entry;

/* what a table's facts hold for: the mode, the rules, the team capot bonuses, the one-player ones per seat */
#define TAG_SIZE 8

/* a transposition table: the facts it holds are for one mode, rules and capot bonuses (tag), and
 * belong to one solve at a time (lock); the threads of that solve share it */
typedef struct {
    Entry *entries; /* TT_SIZE of them, two (a bucket) a cache line */
    uint16_t generation;
    int tag[TAG_SIZE];
    PyThread_type_lock lock;
} Table;

static Table TABLES[MAX_TABLES];
static int TABLE_COUNT = 0;
static PyThread_type_lock POOL_LOCK = NULL; /* guards TABLE_COUNT and the choice of a table */
static unsigned WAIT_TURN = 0;

typedef struct {
    uint32_t hands[4];
    int mode;
    unsigned rules;
    const uint8_t *points;
    /* flag: bit team while that team's capot is open, bit 2 + seat while the seat's one-player
     * capot is (followed only where its bonus differs from the team's) */
    int keep[4];          /* per seat, the flag bits it keeps by winning a trick */
    int closing[4][64];   /* per winner of the last trick and flag (kept), the capot bonus earned */
    int top[2][64];       /* per team and flag, the most capot bonus it can still earn */
    uint32_t shared;    /* cards that share their points with another card of their suit */
    int8_t order[4][8]; /* per suit, its cards strongest first */
    int8_t killer[9][4]; /* per tricks left and seat, the last lead that cut the search off */
    int8_t third_killer[9][4][4]; /* the same for the third card, per tricks left, seat and led suit */
    uint16_t subset_points[4][256]; /* per suit, the points of each subset of its cards */
    Entry *table;
    uint16_t generation;
    int threaded; /* other threads write to the table too: buckets are read and written under their version */
    const int *stop; /* set when another thread has found the value this search is after: its results are void */
    /* a time limit: every CLOCK_EVERY trick boundaries the clock is read, and past the deadline every
     * card's stop flag is set (each search then unwinds, void) and *out_of_time too */
    int timed;
    unsigned ticks;
    int64_t deadline; /* on monotonic_ns' clock */
    int *out_of_time;
    int *stops, stop_count; /* the root's stop flags, one per card */
} Search;

static const int NEVER = 0; /* the stop flag of a search no other thread can end */
#define CLOCK_EVERY 256u    /* trick boundaries searched between two readings of the clock (some 0.1 ms) */

static int64_t monotonic_ns(void) {
#if defined(CLOCK_MONOTONIC)
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
#else
    return (int64_t)((double)clock() * (1e9 / CLOCKS_PER_SEC));
#endif
}

/* past its deadline, a search stops every card's search (their results are void) */
static int out_of_time(Search *s) {
    if (!s->timed || (++s->ticks & (CLOCK_EVERY - 1)) || monotonic_ns() < s->deadline) return 0;
    __atomic_store_n(s->out_of_time, 1, __ATOMIC_RELAXED);
    for (int i = 0; i < s->stop_count; i++) __atomic_store_n(&s->stops[i], 1, __ATOMIC_RELEASE);
    return 1;
}

static void search_init(Search *s, const Position *pos, const int bonus[2], const int solo[4]) {
    s->stop = &NEVER;
    s->timed = 0;
    s->ticks = 0;
    s->deadline = 0;
    s->out_of_time = NULL;
    s->stops = NULL;
    s->stop_count = 0;
    memcpy(s->hands, pos->hands, sizeof s->hands);
    s->mode = pos->mode;
    s->rules = pos->rules;
    s->points = points_of(pos->mode, pos->rules);
    for (int seat = 0; seat < 4; seat++) {
        int team = seat & 1;
        s->keep[seat] = 1 << team | 4 << seat;
        for (int flag = 0; flag < 64; flag++)
            s->closing[seat][flag] = flag & 4 << seat ? solo[seat] : (flag >> team) & 1 ? bonus[team] : 0;
    }
    for (int team = 0; team < 2; team++) {
        for (int flag = 0; flag < 64; flag++) {
            int most = bonus[team];
            if ((flag & 4 << team) && solo[team] > most) most = solo[team];
            if ((flag & 16 << team) && solo[team + 2] > most) most = solo[team + 2];
            s->top[team][flag] = (flag >> team) & 1 ? most : 0;
        }
    }
    s->shared = 0;
    memset(s->killer, -1, sizeof s->killer);
    memset(s->third_killer, -1, sizeof s->third_killer);
    for (int suit = 0; suit < 4; suit++) {
        for (int subset = 0; subset < 256; subset++) {
            int total = 0;
            for (int i = 0; i < 8; i++) if ((subset >> i) & 1) total += s->points[suit * 8 + i];
            s->subset_points[suit][subset] = (uint16_t)total;
        }
    }
    for (int suit = 0; suit < 4; suit++) {
        const uint8_t *power = POWER[pos->mode][suit];
        int cards[8];
        for (int i = 0; i < 8; i++) cards[i] = suit * 8 + i;
        for (int i = 1; i < 8; i++) { /* insertion sort, strongest first */
            int card = cards[i], j = i;
            while (j > 0 && power[cards[j - 1]] < power[card]) { cards[j] = cards[j - 1]; j--; }
            cards[j] = card;
        }
        for (int i = 0; i < 8; i++) {
            s->order[suit][i] = (int8_t)cards[i];
            for (int j = 0; j < 8; j++) {
                if (j != i && s->points[suit * 8 + j] == s->points[suit * 8 + i]) s->shared |= 1u << (suit * 8 + i);
            }
        }
    }
}

/* the legal mask with one card kept per group of equivalent cards (the strongest);
 * representative[card], when asked for, maps each legal card to its group's first card */
static uint32_t reduce(const Search *s, uint32_t legal, uint32_t alive, int8_t *representative) {
    uint32_t candidates = legal & s->shared;
    if (!representative && !(candidates & (candidates - 1))) return legal;
    uint32_t drop = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (!((legal >> (suit * 8)) & 0xFF)) continue;
        if (!representative && popcount32((candidates >> (suit * 8)) & 0xFF) < 2) continue;
        int previous = -1, first = -1;
        for (int i = 0; i < 8; i++) {
            int card = s->order[suit][i];
            uint32_t bit = 1u << card;
            if (!(alive & bit)) continue;
            if (legal & bit) {
                if (previous >= 0 && (s->shared & bit) && s->points[previous] == s->points[card]) {
                    drop |= bit;
                } else {
                    first = card;
                }
                if (representative) representative[card] = (int8_t)first;
                previous = card;
            } else {
                previous = -1;
            }
        }
    }
    return legal & ~drop;
}

static inline uint32_t entry_index(const uint32_t *hands, int leader_flag) {
    uint64_t h = (uint64_t)hands[0] * 0x9E3779B97F4A7C15ull;
    h ^= ((uint64_t)hands[1] << 32 | hands[2]) * 0xC2B2AE3D27D4EB4Full;
    h ^= ((uint64_t)hands[3] << 8 | (uint64_t)leader_flag) * 0x165667B19E3779F9ull;
    h ^= h >> 29;
    return (uint32_t)(h >> (64 - TT_BITS)) ^ (uint32_t)(h & (TT_SIZE - 1));
}

/* whether entry is the position's (this search's hands, leader and capot flags, this solve's facts) */
static inline int entry_of(const Search *s, const Entry *entry, int leader_flag) {
    return entry->generation == s->generation && entry->leader_flag == leader_flag &&
           !memcmp(entry->hands, s->hands, sizeof s->hands);
}

/* the position's entry in its bucket, copied to found: 0 when the table holds none (or, on a
 * shared table, when another thread is writing the bucket) */
static inline int find_entry(const Search *s, const Entry *bucket, int leader_flag, Entry *found) {
    for (int k = 0; k < 2; k++) {
        if (entry_of(s, &bucket[k], leader_flag)) {
            *found = bucket[k];
            return 1;
        }
    }
    return 0;
}

static inline int lookup(const Search *s, const Entry *bucket, int leader_flag, Entry *found) {
    if (!s->threaded) return find_entry(s, bucket, leader_flag, found);
    /* a sequence lock: the copy counts only if no write began or ended while it was taken */
    uint16_t before = __atomic_load_n(&bucket[0].version, __ATOMIC_ACQUIRE);
    if (before & 1) return 0;
    Entry copy[2];
    memcpy(copy, bucket, sizeof copy);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    if (__atomic_load_n(&bucket[0].version, __ATOMIC_RELAXED) != before) return 0;
    return find_entry(s, copy, leader_flag, found);
}

/* write the position's bounds and best lead into its bucket: over its own entry, else the first
 * entry keeps the position with the most cards, the second the latest. On a shared table a bucket
 * another thread is writing is left to it (the fact is dropped) */
static void store(const Search *s, Entry *bucket, int leader_flag, int cards, int low, int high, int best) {
    uint16_t version = 0;
    if (s->threaded) {
        version = __atomic_load_n(&bucket[0].version, __ATOMIC_RELAXED);
        if ((version & 1) || !__atomic_compare_exchange_n(&bucket[0].version, &version, (uint16_t)(version + 1), 0,
                                                          __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
            return;
        __atomic_thread_fence(__ATOMIC_RELEASE);
    }
    Entry *entry = entry_of(s, &bucket[1], leader_flag) ? &bucket[1] : NULL;
    if (!entry && entry_of(s, &bucket[0], leader_flag)) entry = &bucket[0];
    if (!entry) {
        if (bucket[0].generation != s->generation ||
            popcount32(bucket[0].hands[0] | bucket[0].hands[1] | bucket[0].hands[2] | bucket[0].hands[3]) <= cards) {
            if (bucket[0].generation == s->generation) bucket[1] = bucket[0]; /* its version goes unread there */
            entry = &bucket[0];
        } else {
            entry = &bucket[1];
        }
    }
    memcpy(entry->hands, s->hands, sizeof s->hands);
    entry->generation = s->generation;
    entry->leader_flag = (uint8_t)leader_flag;
    entry->low = low;
    entry->high = high;
    entry->best = (int8_t)best;
    if (s->threaded) __atomic_store_n(&bucket[0].version, (uint16_t)(version + 2), __ATOMIC_RELEASE);
}

static int play(Search *s, int *trick, int n, int win, int leader, int seat, uint32_t alive, int flag, int alpha,
                int beta, int hint);

/* team 0's margin of the last two tricks, by plain minimax (two cards a hand: at most 16 ways
 * to play the first of them, the last one forced); seat is (leader + n) & 3 */
static int last_two(Search *s, int *trick, int n, int win, int leader, int flag, int alpha, int beta) {
    int seat = (leader + n) & 3;
    uint32_t hand = s->hands[seat];
    uint32_t legal = legal_mask_win(hand, trick, n, win, s->mode, s->rules);
    const uint8_t *power = POWER[s->mode][n ? trick[0] >> 3 : 0];
    int top = n ? power[trick[win]] : -1;
    int maximise = !(seat & 1);
    int best = maximise ? -INF : INF;
    const uint8_t *points = s->points;
    for (; legal; legal &= legal - 1) {
        int card = lowbit(legal);
        trick[n] = card;
        if (!n) power = POWER[s->mode][card >> 3];
        int next_win = power[card] > top ? n : win;
        int value;
        if (n < 3) {
            s->hands[seat] = hand & ~(1u << card);
            value = last_two(s, trick, n + 1, next_win, leader, flag, alpha, beta);
            s->hands[seat] = hand;
        } else {
            int winner = (leader + next_win) & 3;
            int gained = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]];
            int first = winner & 1 ? -gained : gained;
            int team_flag = flag & s->keep[winner];
            int last[4];
            for (int i = 0; i < 4; i++) {
                int other = (winner + i) & 3;
                uint32_t held = other == seat ? hand & ~(1u << card) : s->hands[other];
                last[i] = lowbit(held);
            }
            int last_winner = (winner + winning_position(last, 4, s->mode)) & 3;
            int rest = points[last[0]] + points[last[1]] + points[last[2]] + points[last[3]] + LAST_TRICK;
            int earned = rest + s->closing[last_winner][team_flag & s->keep[last_winner]];
            value = last_winner & 1 ? first - earned : first + earned;
        }
        if (maximise) {
            if (value > best) {
                best = value;
                if (value > alpha && (alpha = value) >= beta) break;
            }
        } else if (value < best) {
            best = value;
            if (value < beta && alpha >= (beta = value)) break;
        }
    }
    return best;
}

/* team 0's margin of the tricks still to play, leader to lead */
static int boundary(Search *s, int leader, uint32_t alive, int flag, int alpha, int beta) {
    if (popcount32(alive) == 4) {
        /* the last trick: one card each, nothing to choose */
        int trick[4];
        for (int i = 0; i < 4; i++) trick[i] = lowbit(s->hands[(leader + i) & 3]);
        int winner = (leader + winning_position(trick, 4, s->mode)) & 3;
        const uint8_t *points = s->points;
        int gained = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]] + LAST_TRICK;
        gained += s->closing[winner][flag & s->keep[winner]];
        return winner & 1 ? -gained : gained;
    }
    /* the margin of the rest lies between all of it to one team and all of it to the other */
    int rest = LAST_TRICK + s->subset_points[0][alive & 0xFF] + s->subset_points[1][(alive >> 8) & 0xFF] +
               s->subset_points[2][(alive >> 16) & 0xFF] + s->subset_points[3][alive >> 24];
    int sure[2] = {0, 0}, sure_tricks[2] = {0, 0};
    if (s->mode < 4) { /* the top run of alive trumps held by one team: each wins its trick */
        uint32_t team0 = s->hands[0] | s->hands[2];
        int owner = -1;
        for (int i = 0; i < 8; i++) {
            int card = s->order[s->mode][i];
            if (!((alive >> card) & 1)) continue;
            int team = (team0 >> card) & 1 ? 0 : 1;
            if (owner >= 0 && team != owner) break;
            owner = team;
            sure[team] += s->points[card];
            sure_tricks[team]++;
        }
    }
    int most = rest - 2 * sure[1] + (!sure_tricks[1] ? s->top[0][flag] : 0);
    if (most <= alpha) return most;
    int least = -rest + 2 * sure[0] - (!sure_tricks[0] ? s->top[1][flag] : 0);
    if (least >= beta) return least;
    if (popcount32(alive) == 8) {
        int trick[4];
        return last_two(s, trick, 0, 0, leader, flag, alpha, beta);
    }
    if (__atomic_load_n(s->stop, __ATOMIC_RELAXED) || out_of_time(s)) return 0; /* void: the caller drops it */
    int leader_flag = leader | flag << 2;
    Entry *bucket = &s->table[entry_index(s->hands, leader_flag) & ~1u], entry;
    int low = -INF, high = INF, hint = -1;
    if (lookup(s, bucket, leader_flag, &entry)) {
        low = entry.low;
        high = entry.high;
        hint = entry.best;
        if (low >= beta) return low;
        if (high <= alpha) return high;
        if (low == high) return low;
        if (low > alpha) alpha = low;
        if (high < beta) beta = high;
    }
    int trick[4] = {0, 0, 0, 0}; /* play reads it only once a card is led; zeroed for the compiler's sake */
    int value = play(s, trick, 0, 0, leader, leader, alive, flag, alpha, beta, hint);
    if (value <= alpha) {
        high = value;
    } else if (value >= beta) {
        low = value;
    } else {
        low = high = value;
    }
    /* a search stopped under this node returned void values: nothing of it is kept */
    if (__atomic_load_n(s->stop, __ATOMIC_ACQUIRE)) return 0;
    store(s, bucket, leader_flag, popcount32(alive), low, high, trick[3]); /* play leaves its best lead there */
    return value;
}

/* team 0's margin from a complete trick on */
static int finish(Search *s, const int *trick, int win, int leader, uint32_t alive, int flag, int alpha, int beta) {
    int winner = (leader + win) & 3;
    const uint8_t *points = s->points;
    int gained = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]];
    alive &= ~((1u << trick[0]) | (1u << trick[1]) | (1u << trick[2]) | (1u << trick[3]));
    flag &= s->keep[winner];
    if (winner & 1) {
        if (!alive) return -(gained + LAST_TRICK + s->closing[winner][flag]);
        return boundary(s, winner, alive, flag, alpha + gained, beta + gained) - gained;
    }
    if (!alive) return gained + LAST_TRICK + s->closing[winner][flag];
    return gained + boundary(s, winner, alive, flag, alpha - gained, beta - gained);
}

/* the cards of legal in the order to try them: at a lead, the last lead that cut the search off
 * with as many tricks left (a killer move), then the table's hint, the master cards, the leads
 * to the partner's master, the others cheapest first; after the lead, for the third card its
 * killer move (per tricks left, seat and led suit), then the cards that take the trick
 * (cheapest in points when the partner does not already hold it), then the others */
static int order_moves(const Search *s, uint32_t legal, const int *trick, int n, int win, int seat, int hint,
                       int *moves, uint32_t alive) {
    int scores[32], count = 0;
    const uint8_t *points = s->points;
    int top = -1, partner_winning = 0;
    const uint8_t *power = NULL;
    if (n) {
        power = POWER[s->mode][trick[0] >> 3];
        top = power[trick[win]];
        partner_winning = n >= 2 && win == n - 2;
    }
    while (legal) {
        int card = lowbit(legal);
        legal &= legal - 1;
        int score;
        if (!n && card == s->killer[popcount32(alive) >> 2][seat]) {
            score = 1100;
        } else if (n == 2 && card == s->third_killer[popcount32(alive) >> 2][seat][trick[0] >> 3]) {
            score = 1100;
        } else if (card == hint) {
            score = 1000;
        } else if (!n) {
            uint32_t others = alive & ~s->hands[seat];
            if (!(ABOVE[s->mode][card] & others)) {
                score = 600 + points[card]; /* a master card */
            } else {
                score = 100 - points[card] * 4 + POWER[s->mode][card >> 3][card];
                uint32_t rivals = others & SUIT_MASK(card >> 3), partner = s->hands[(seat + 2) & 3];
                for (uint32_t r = rivals & partner; r; r &= r - 1) {
                    if (!(ABOVE[s->mode][lowbit(r)] & rivals)) { /* the partner holds the suit's master */
                        score += 300;
                        break;
                    }
                }
            }
        } else if (power[card] > top) {
            score = partner_winning ? 200 + points[card] : 500 - points[card] + power[card];
        } else {
            score = partner_winning ? 300 + points[card] : 100 - points[card] * 4 - power[card];
        }
        int j = count++;
        while (j > 0 && scores[j - 1] < score) { scores[j] = scores[j - 1]; moves[j] = moves[j - 1]; j--; }
        scores[j] = score;
        moves[j] = card;
    }
    return count;
}

/* a card that cut the search off: the killer move of its slot (the lead, or the third card per led suit) */
static inline void remember_cutoff(Search *s, const int *trick, int n, int seat, uint32_t alive, int card) {
    if (!n) s->killer[popcount32(alive) >> 2][seat] = (int8_t)card;
    if (n == 2) s->third_killer[popcount32(alive) >> 2][seat][trick[0] >> 3] = (int8_t)card;
}

/* team 0's margin with seat to play into trick (n cards led by leader); when n is 0 the best
 * card found is left in trick[3] for the transposition table */
static int play(Search *s, int *trick, int n, int win, int leader, int seat, uint32_t alive, int flag, int alpha,
                int beta, int hint) {
    uint32_t hand = s->hands[seat];
    uint32_t legal = reduce(s, legal_mask_win(hand, trick, n, win, s->mode, s->rules), alive, NULL);
    int moves[8];
    int count;
    if (!(legal & (legal - 1))) { /* a forced card: nothing to order */
        moves[0] = lowbit(legal);
        count = 1;
    } else {
        count = order_moves(s, legal, trick, n, win, seat, hint, moves, alive);
    }
    const uint8_t *power = POWER[s->mode][n ? trick[0] >> 3 : 0];
    int top = n ? power[trick[win]] : -1;
    if (n == 3 && popcount32(alive) > 12) { /* fetch the table's buckets of the next tricks early */
        uint32_t after[4];
        memcpy(after, s->hands, sizeof after);
        for (int i = 0; i < count; i++) {
            int card = moves[i];
            after[seat] = hand & ~(1u << card);
            int winner = (leader + (power[card] > top ? 3 : win)) & 3;
            int next_flag = flag & s->keep[winner];
            __builtin_prefetch(&s->table[entry_index(after, winner | next_flag << 2) & ~1u]);
        }
    }
    int maximise = !(seat & 1);
    int best = maximise ? -INF : INF, best_card = count ? moves[0] : -1;
    for (int i = 0; i < count; i++) {
        int card = moves[i];
        s->hands[seat] = hand & ~(1u << card);
        trick[n] = card;
        if (!n) power = POWER[s->mode][card >> 3];
        int next_win = power[card] > top ? n : win;
        int value = n == 3 ? finish(s, trick, next_win, leader, alive, flag, alpha, beta)
                           : play(s, trick, n + 1, next_win, leader, (seat + 1) & 3, alive, flag, alpha, beta, -1);
        if (maximise) {
            if (value > best) {
                best = value;
                best_card = card;
                if (value > alpha) {
                    alpha = value;
                    if (alpha >= beta) {
                        remember_cutoff(s, trick, n, seat, alive, card);
                        break;
                    }
                }
            }
        } else if (value < best) {
            best = value;
            best_card = card;
            if (value < beta) {
                beta = value;
                if (alpha >= beta) {
                    remember_cutoff(s, trick, n, seat, alive, card);
                    break;
                }
            }
        }
    }
    s->hands[seat] = hand;
    if (n == 0) trick[3] = best_card;
    return best;
}

static int payoff_of(int margin, int remaining) {
    if (margin > remaining) return margin;
    if (margin < -remaining) return 0;
    return (margin + remaining) / 2;
}


/* ---------------------------------------------------------------- tables and threads */

/* a table for a solve under tag, held until give_table: a free one (when keep, the one whose
 * facts hold for tag first), else a new one, else the next to be given back; NULL when no table
 * could be had for want of memory. Taken without the GIL */
static Table *take_table(const int tag[TAG_SIZE], int keep) {
    Table *chosen = NULL;
    PyThread_acquire_lock(POOL_LOCK, WAIT_LOCK);
    for (int pass = keep ? 0 : 1; pass < 2 && !chosen; pass++) {
        for (int i = 0; i < TABLE_COUNT && !chosen; i++) {
            if (pass == 0 && memcmp(TABLES[i].tag, tag, sizeof TABLES[i].tag)) continue;
            if (PyThread_acquire_lock(TABLES[i].lock, NOWAIT_LOCK)) chosen = &TABLES[i];
        }
    }
    if (!chosen && TABLE_COUNT < MAX_TABLES) {
        /* one bucket (two entries) a cache line: the memory is kept for the process's life */
        char *memory = PyMem_RawCalloc(TT_SIZE + 2, sizeof(Entry));
        PyThread_type_lock lock = memory ? PyThread_allocate_lock() : NULL;
        if (lock) {
            Table *table = &TABLES[TABLE_COUNT++];
            table->entries = (Entry *)(memory + (64 - (uintptr_t)memory % 64) % 64);
            table->generation = 0;
            table->tag[0] = -1;
            table->lock = lock;
            PyThread_acquire_lock(lock, WAIT_LOCK);
            chosen = table;
        } else {
            PyMem_RawFree(memory);
        }
    }
    Table *wait = NULL;
    if (!chosen && TABLE_COUNT) wait = &TABLES[WAIT_TURN++ % (unsigned)TABLE_COUNT];
    PyThread_release_lock(POOL_LOCK);
    if (wait) {
        PyThread_acquire_lock(wait->lock, WAIT_LOCK);
        chosen = wait;
    }
    return chosen;
}

static void give_table(Table *table) { PyThread_release_lock(table->lock); }

/* a fresh start for table, unless keep and its facts hold for tag */
static void start_facts(Table *table, const int tag[TAG_SIZE], int keep) {
    if (keep && !memcmp(tag, table->tag, sizeof table->tag)) return;
    if (++table->generation == 0) { /* wrapped: clear for real */
        memset(table->entries, 0, TT_SIZE * sizeof(Entry));
        table->generation = 1;
    }
    memcpy(table->tag, tag, sizeof table->tag);
}

/* the processors this process may run on */
static int cpu_count(void) {
    static int count = 0;
    if (count) return count;
    int found = 1;
#if defined(__linux__)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) found = CPU_COUNT(&set);
#elif defined(_SC_NPROCESSORS_ONLN)
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online > 0) found = (int)online;
#endif
    count = found < 1 ? 1 : found;
    return count;
}

/* one solve's root: the distinct legal cards of the seat to act, each given its exact value (team
 * 0's margin, in values) by the workers. A worker takes the next card no one has taken; when
 * none is left it helps with a card still searched, both probing it and sharing what they learn
 * (its bracket and the table) until one of them has its value */
typedef struct {
    const Position *pos;
    int seat, flag;
    uint32_t hand, alive;
    int cards[8], count;
    int next;                 /* the next card to take, counted atomically */
    int lower[8], upper[8];   /* per card (by its index in cards), the bracket of its value so far, from
                               * the margin's true extremes */
    int done[8];              /* per card, set once its value is in values (or the time is up) */
    int out_of_time;          /* set when the time limit stopped the search: no value is found */
    int best_only;            /* only the best card's value is wanted: a card found worth v bounds
                               * the others' brackets by v (the side to act gains nothing below it),
                               * so a card no better than v ends at v */
    int flat_on, flat_low, flat_high; /* best_only: margins (team 0's) from flat_low to flat_high are all
                                       * the same to the caller; a card whose bracket lies within them is
                                       * found, worth the end of them worse for the side to act */
    int *values;
} Root;

typedef struct {
    Search search;
    Root *root;
    PyThread_type_lock done; /* held while the worker runs on a thread of its own */
} Worker;

/* raise (or lower) *shared to value, as another thread may do at once */
static inline void raise_to(int *shared, int value) {
    int seen = __atomic_load_n(shared, __ATOMIC_RELAXED);
    while (seen < value && !__atomic_compare_exchange_n(shared, &seen, value, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

static inline void lower_to(int *shared, int value) {
    int seen = __atomic_load_n(shared, __ATOMIC_RELAXED);
    while (seen > value && !__atomic_compare_exchange_n(shared, &seen, value, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

/* the value (team 0's margin) of the index-th card, left in root->values: MTD(f), null-window
 * probes starting from guess (the previous card's value), galloping then bisecting between the
 * margin's true extremes, the table's bounds carrying over from one probe to the next. A helper
 * (another worker already searches the card) bisects the bracket the two share instead, a third
 * of the way up, so as not to repeat the owner's probes. Returns the value, or guess when
 * another worker found it first */
static int solve_card(Search *s, Root *root, int index, int guess, int helper) {
    const Position *pos = root->pos;
    int card = root->cards[index];
    int trick[4];
    memcpy(trick, pos->trick, sizeof trick);
    s->hands[root->seat] = root->hand & ~(1u << card);
    s->stop = &root->done[index];
    trick[pos->n] = card;
    int win = winning_position(trick, pos->n + 1, pos->mode);
    int lower = -INF, upper = INF, step = 4, beta = guess, found = 0; /* the shared bracket first */
    for (;;) {
        int shared_lower = __atomic_load_n(&root->lower[index], __ATOMIC_RELAXED);
        int shared_upper = __atomic_load_n(&root->upper[index], __ATOMIC_RELAXED);
        if (shared_lower > lower) lower = shared_lower;
        if (shared_upper < upper) upper = shared_upper;
        if (lower >= upper) {
            found = 1;
            break;
        }
        if (root->flat_on && lower >= root->flat_low && upper <= root->flat_high) {
            /* within the flat margins: worth their end worse for the side to act, as far as the
             * caller can tell */
            lower = root->seat & 1 ? root->flat_high : root->flat_low;
            found = 1;
            break;
        }
        if (helper) beta = lower + (upper - lower + 2) / 3;
        if (root->flat_on) { /* a bracket across an end of the flat margins: one probe at that end */
            if (lower < root->flat_low && upper >= root->flat_low && upper <= root->flat_high)
                beta = root->flat_low;
            else if (upper > root->flat_high && lower >= root->flat_low && lower <= root->flat_high)
                beta = root->flat_high + 1;
        }
        if (beta <= lower) beta = lower + 1;
        if (beta > upper) beta = upper;
        int value = pos->n == 3 ? finish(s, trick, win, pos->leader, root->alive, root->flag, beta - 1, beta)
                                : play(s, trick, pos->n + 1, win, pos->leader, (root->seat + 1) & 3, root->alive,
                                       root->flag, beta - 1, beta, -1);
        if (__atomic_load_n(s->stop, __ATOMIC_ACQUIRE)) break; /* the value is found: this probe is void */
        if (value < beta) {
            upper = value;
            lower_to(&root->upper[index], value);
            beta = value - step; /* gallop down, then bisect */
        } else {
            lower = value;
            raise_to(&root->lower[index], value);
            beta = value + step;
        }
        if (upper - lower < 4 * step) beta = lower + (upper - lower + 1) / 2;
        step *= 2;
    }
    s->hands[root->seat] = root->hand;
    if (!found) return guess;
    __atomic_store_n(&root->values[card], lower, __ATOMIC_RELAXED); /* the owner and a helper may both find it */
    __atomic_store_n(&root->done[index], 1, __ATOMIC_RELEASE);
    if (root->best_only) /* values are team 0's margins: team 0 takes the highest, team 1 the lowest */
        for (int other = 0; other < root->count; other++) {
            if (other == index) continue;
            if (root->seat & 1)
                lower_to(&root->upper[other], lower);
            else
                raise_to(&root->lower[other], lower);
        }
    return lower;
}

static void work(Worker *worker) {
    Root *root = worker->root;
    int guess = 0;
    for (;;) {
        int next = __atomic_fetch_add(&root->next, 1, __ATOMIC_RELAXED);
        int helper = next >= root->count;
        if (helper) { /* no card left to take: help with one still searched */
            next = -1;
            for (int i = 0; i < root->count && next < 0; i++)
                if (!__atomic_load_n(&root->done[i], __ATOMIC_ACQUIRE)) next = i;
            if (next < 0) return;
        }
        guess = solve_card(&worker->search, root, next, guess, helper);
    }
}

static void work_on_thread(void *arg) {
    Worker *worker = arg;
    work(worker);
    PyThread_release_lock(worker->done);
}
