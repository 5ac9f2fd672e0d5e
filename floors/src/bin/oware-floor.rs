#![forbid(unsafe_code)]
//! A hand-written Oware on 12 `u8` counts (padded to 16): the reference
//! floor for random-playout speed, the one the Mankka and Numercy floors
//! and the project's bench are compared with.
//!
//! Exactly the rules of `mancala_core::oware()` (`Rules::oware()`, OpenSpiel
//! 2.0.2's oware; RULES.md, "Oware and Kalah"): 2x6 holes of 4 seeds,
//! player 0 first. A move lifts one of the mover's holes and sows
//! counter-clockwise, one seed a hole, passing over the hole it was lifted
//! from (a lap of 12 or more seeds skips it). If the last seed makes a hole
//! of the opponent's row hold 2 or 3, that hole is captured, then each hole
//! before it (clockwise) holding 2 or 3, stopping at the edge of his row;
//! a capture that would leave the opponent's row empty (a grand slam) is
//! not made. When the opponent's row is empty, only the moves that give him
//! seeds are legal. The game ends after a move when a player holds more
//! than 24 or both 24; when the position (holes and player to move) repeats
//! one seen since the last capture, the start counting as seen; or when the
//! player to move has no legal move. Each player then takes the seeds of
//! his own row; more seeds wins, equal is a draw.
//!
//! Per move it does what the project's `bench` does: the full legal move
//! list, one random draw, the move. A sowing is one lap, done as one pass
//! over 16 bytes (tables for the lift, the whole revolutions and the rest);
//! the positions since the last capture are kept in a reused list of
//! 16-byte keys behind a 256-bit filter.
//!
//! ```text
//! oware-floor [SECONDS]                 time random playouts (default 3 s, seed 1)
//! oware-floor [--secs S] [--seed N]     the same
//! oware-floor --games N [--seed N]      exactly N playouts (a fixed amount of work)
//! oware-floor --check N [--seed N]      N random games beside the library, compared after every move
//! oware-floor --profile N [--seed N]    where the work goes, over N random games
//! ```

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use mancala_core::{Game, Landing, Mancala, Move, Outcome, Pit, Player, Rules, Setup, Status, history::SeenPosition};

// ---------------------------------------------------------------- RNG
/// SplitMix64 with Lemire's multiply-shift reduction (no division), as in
/// the other floors and the project's bench.
#[derive(Clone)]
struct Rng(u64);
impl Rng {
    #[inline(always)]
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    #[inline(always)]
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

// ---------------------------------------------------------------- rules
/// Holes in a row, and on the board.
const ROW: usize = 6;
const N: usize = 12;
/// Holes a lap reaches before it comes round again (the origin is passed
/// over).
const LAP: usize = N - 1;
/// Seeds in the game; a player holding more than half has won.
const TOTAL: u8 = 48;
const HALF: u8 = TOTAL / 2;

/// A board: the 12 holes' counts, padded to 16 lanes (always 0) so that a
/// lap is one pass of 16-byte operations and a position one `u128` key.
type Board = [u8; W];
const W: usize = 16;

/// The most whole revolutions a lap can make: (48 - 1) / 11.
const MAX_ROUNDS: usize = (TOTAL as usize - 1) / LAP;

/// `SOW[from][r]`: one seed in each of the `r` holes after `from`, wrapping
/// (`r <= 11`: the origin is never among them).
static SOW: [[Board; LAP + 1]; N] = {
    let mut t = [[[0; W]; LAP + 1]; N];
    let mut from = 0;
    while from < N {
        let mut r = 1;
        while r <= LAP {
            let mut k = 1;
            while k <= r {
                t[from][r][(from + k) % N] = 1;
                k += 1;
            }
            r += 1;
        }
        from += 1;
    }
    t
};
/// `ROUNDS[k]`: `k` seeds in every hole (`k` whole revolutions; the
/// origin's share is masked off by `KEEP`).
static ROUNDS: [Board; MAX_ROUNDS + 1] = {
    let mut t = [[0; W]; MAX_ROUNDS + 1];
    let mut k = 0;
    while k <= MAX_ROUNDS {
        let mut i = 0;
        while i < N {
            t[k][i] = k as u8;
            i += 1;
        }
        k += 1;
    }
    t
};
/// `KEEP[from]`: every lane kept but `from` (the lift, and the origin
/// passed over on every revolution).
static KEEP: [Board; N] = {
    let mut t = [[0xff; W]; N];
    let mut i = 0;
    while i < N {
        t[i][i] = 0;
        i += 1;
    }
    t
};

/// Sows hole `from` (which holds seeds): lifts them and sows them
/// counter-clockwise from the next hole, passing over `from`; returns the
/// hole the last seed fell in.
#[inline(always)]
fn sow(h: &mut Board, from: usize) -> usize {
    let n = h[from] as usize;
    // `full` whole revolutions of the 11 other holes, then `r` in 1..=11
    // seeds in the holes after `from`: the lift, the revolutions and the
    // rest in one pass (no byte store before the board is read whole).
    let full = (n - 1) / LAP;
    let r = n - full * LAP;
    let (keep, round, rest) = (&KEEP[from], &ROUNDS[full], &SOW[from][r]);
    for i in 0..W {
        h[i] = (h[i].wrapping_add(round[i]) & keep[i]) + rest[i];
    }
    let end = from + r;
    if end < N { end } else { end - N }
}

/// The seeds in `player`'s row.
#[inline(always)]
fn row_sum(h: &Board, player: usize) -> u8 {
    h[ROW * player..ROW * player + ROW].iter().sum()
}

/// Counters for `--profile` and `--check` (compiled out of the timed
/// playouts).
#[derive(Default, Debug)]
struct Stats {
    /// Moves played.
    moves: u64,
    /// Legal lists, holes with seeds looked at, lists under the feeding
    /// rule (the opponent's row empty), and holes refused by it.
    lists: u64,
    candidates: u64,
    feeding: u64,
    unfed: u64,
    /// Moves whose last seed made an opponent's hole hold 2 or 3: captures
    /// made (holes and seeds taken), and grand slams refused.
    captures: u64,
    taken: u64,
    seeds: u64,
    slams: u64,
    /// Sowings of 12 seeds or more (a whole revolution, origin passed over).
    laps_round: u64,
    /// Repetition lookups, those the filter let through to a scan, and the
    /// longest list of positions since a capture.
    lookups: u64,
    scans: u64,
    longest: u64,
    /// How games ended.
    by_majority: u64,
    by_repetition: u64,
    by_no_move: u64,
    /// The last move: its landing hole, the seeds it captured, whether it
    /// was a grand slam refused (for `--check`).
    last: (usize, u8, bool),
}

/// The positions seen since the last capture, as 16-byte keys (the holes,
/// the player to move in lane 12), with a 256-bit filter in front of the
/// scan. The list is reused from game to game: no allocation per game.
struct Seen {
    keys: Vec<u128>,
    filter: [u64; 4],
}

impl Seen {
    fn new() -> Seen {
        Seen {
            keys: Vec::with_capacity(1024),
            filter: [0; 4],
        }
    }

    #[inline(always)]
    fn clear(&mut self) {
        self.keys.clear();
        self.filter = [0; 4];
    }

    /// Records `key`; `false` if it was already recorded (a repetition).
    #[inline(always)]
    fn insert<const P: bool>(&mut self, key: u128, st: &mut Stats) -> bool {
        // Both halves folded by odd multipliers; the top 8 bits pick one of
        // 256 filter bits.
        let mix = (key as u64).wrapping_mul(0xd6e8_feb8_6659_fd93)
            ^ ((key >> 64) as u64).wrapping_mul(0xa076_1d64_78bd_642f);
        let bit = (mix >> 56) as usize;
        let (word, mask) = (bit >> 6, 1u64 << (bit & 63));
        if P {
            st.lookups += 1;
        }
        if self.filter[word] & mask != 0 {
            if P {
                st.scans += 1;
            }
            if self.keys.contains(&key) {
                return false;
            }
        }
        self.filter[word] |= mask;
        self.keys.push(key);
        if P {
            st.longest = st.longest.max(self.keys.len() as u64);
        }
        true
    }
}

/// The legal moves of the player to move, in hole order.
#[derive(Clone, Copy, Default)]
struct Legal {
    n: usize,
    hole: [u8; ROW],
}

#[derive(Clone, Copy)]
struct Fast {
    h: Board,
    s: [u8; 2],
    p: u8,
    over: bool,
}

impl Fast {
    fn new() -> Fast {
        let mut h = [0; W];
        h[..N].fill(4);
        Fast {
            h,
            s: [0; 2],
            p: 0,
            over: false,
        }
    }

    /// The position as a repetition key: holes and player to move (the
    /// stores cannot differ between two positions with no capture between
    /// them).
    #[inline(always)]
    fn key(&self) -> u128 {
        u128::from_le_bytes(self.h) | u128::from(self.p) << 96
    }

    /// The legal moves of the player to move: his holes with seeds, and if
    /// the opponent's row is empty only those whose sowing reaches it
    /// (hole `i` of his row with `c` seeds reaches the opponent's first
    /// hole iff `c >= 6 - i`; a grand slam being refused, a move that
    /// feeds him always leaves him seeds).
    #[inline(always)]
    fn legal<const P: bool>(&self, out: &mut Legal, st: &mut Stats) {
        let b = ROW * self.p as usize;
        let hungry = row_sum(&self.h, 1 - self.p as usize) == 0;
        let mut n = 0;
        for i in 0..ROW {
            let c = self.h[b + i] as usize;
            out.hole[n] = (b + i) as u8;
            n += usize::from(c > 0 && (!hungry || c + i >= ROW));
        }
        out.n = n;
        if P {
            st.lists += 1;
            let candidates = self.h[b..b + ROW].iter().filter(|&&c| c > 0).count() as u64;
            st.candidates += candidates;
            if hungry {
                st.feeding += 1;
                st.unfed += candidates - n as u64;
            }
        }
    }

    /// Plays hole `from` (a legal move): the sowing, the capture, and the
    /// end conditions that follow a move (a majority, a repetition).
    #[inline(always)]
    fn play<const P: bool>(&mut self, from: usize, seen: &mut Seen, st: &mut Stats) {
        let mover = self.p as usize;
        if P {
            st.moves += 1;
            st.laps_round += u64::from(self.h[from] as usize > LAP);
        }
        let at = sow(&mut self.h, from);
        let opp = 1 - mover;
        let mut cap = 0u8;
        let mut slam = false;
        let c = self.h[at];
        if at / ROW == opp && (c == 2 || c == 3) {
            // The chain: back (clockwise) from the landing hole while holes
            // hold 2 or 3, not past the first hole of his row.
            let first = ROW * opp;
            let mut i = at;
            loop {
                let c = self.h[i];
                if c != 2 && c != 3 {
                    break;
                }
                cap += c;
                if i == first {
                    break;
                }
                i -= 1;
            }
            if cap == row_sum(&self.h, opp) {
                // A grand slam: played, but nothing is taken.
                slam = true;
                cap = 0;
                if P {
                    st.slams += 1;
                }
            } else {
                let mut i = at;
                loop {
                    let c = self.h[i];
                    if c != 2 && c != 3 {
                        break;
                    }
                    self.h[i] = 0;
                    if P {
                        st.taken += 1;
                    }
                    if i == first {
                        break;
                    }
                    i -= 1;
                }
                if P {
                    st.captures += 1;
                    st.seeds += u64::from(cap);
                }
            }
        }
        if P {
            st.last = (at, cap, slam);
        }
        self.p ^= 1;
        if cap > 0 {
            // Seeds left the board: the positions seen before cannot come
            // back. A majority ends the game.
            self.s[mover] += cap;
            seen.clear();
            seen.insert::<P>(self.key(), st);
            if self.s[mover] > HALF || self.s[opp] == HALF && self.s[mover] == HALF {
                if P {
                    st.by_majority += 1;
                }
                self.finish();
            }
        } else if !seen.insert::<P>(self.key(), st) {
            if P {
                st.by_repetition += 1;
            }
            self.finish();
        }
    }

    /// The end: each player takes the seeds left in his own row.
    fn finish(&mut self) {
        for p in 0..2 {
            self.s[p] += row_sum(&self.h, p);
            self.h[ROW * p..ROW * p + ROW].fill(0);
        }
        self.over = true;
    }

    fn outcome(&self) -> Outcome {
        Outcome::from_scores(&self.s)
    }
}

/// One uniform random game from a copy of `start` (whose position is the
/// only one `seen` must hold): per move the legal list (the game is over
/// when it is empty), one draw, the move. Returns the moves played.
#[inline(never)]
fn playout<const P: bool>(start: &Fast, seen: &mut Seen, rng: &mut Rng, st: &mut Stats) -> u64 {
    let mut g = *start;
    seen.clear();
    seen.insert::<P>(g.key(), st);
    let mut legal = Legal::default();
    let mut n = 0;
    loop {
        g.legal::<P>(&mut legal, st);
        if legal.n == 0 {
            if P {
                st.by_no_move += 1;
            }
            g.finish();
            break;
        }
        let k = rng.below(legal.n);
        g.play::<P>(legal.hole[k] as usize, seen, st);
        n += 1;
        if g.over {
            break;
        }
    }
    black_box(g.s);
    n
}

// ---------------------------------------------------------------- check
/// Plays `games` random games in the floor and in the library from the
/// start, the same legal-list index drawn for both, comparing everything
/// after every move; then as many from positions reached by random play in
/// the library (after 0 to 119 moves), each set up afresh in both from its
/// setup text, half of them keeping the positions seen since the last
/// capture and half forgetting them.
fn check(games: u64, seed: u64) -> Result<(), String> {
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    let mut moves = 0;
    for game in 0..games {
        moves += compare_game(
            game,
            mancala_core::oware(),
            Fast::new(),
            None,
            &mut rng,
            &mut st,
        )?;
    }
    println!(
        "oware-floor: {games} games from the start, {moves} moves checked against the library: all equal ({})",
        summary(&st)
    );
    let (mut positions, mut with_history, mut moves) = (0u64, 0u64, 0u64);
    let mut st = Stats::default();
    for game in 0..games {
        let mut lib = mancala_core::oware();
        for _ in 0..rng.below(120) {
            let Status::ToMove(p) = lib.status() else {
                break;
            };
            let actions = lib.legal_actions(p);
            lib.play(actions[rng.below(actions.len())])
                .map_err(|e| format!("the library refused its own legal move: {e}"))?;
        }
        if lib.is_over() {
            continue;
        }
        let mut setup = lib.to_setup();
        if rng.below(2) == 0 {
            setup.history.clear();
        } else {
            with_history += 1;
        }
        let lib = Mancala::from_setup(setup.clone())
            .map_err(|e| format!("the library refused the position it reached: {e}"))?;
        let fl = Fast {
            h: {
                let mut h = [0; W];
                for (c, &v) in h.iter_mut().zip(&setup.board) {
                    *c = u8::try_from(v).map_err(|_| "a hole beyond 255 seeds")?;
                }
                h
            },
            s: [setup.stores[0] as u8, setup.stores[1] as u8],
            p: setup.to_move.index() as u8,
            over: false,
        };
        positions += 1;
        moves += compare_game(game, lib, fl, Some(&setup.history), &mut rng, &mut st)?;
    }
    println!(
        "oware-floor: {positions} games from random positions ({with_history} with the positions seen since the last capture), {moves} moves checked against the library: all equal ({})",
        summary(&st)
    );
    // The library's own setup example: a lone seed in hole 5 is player 0's
    // only move, and it feeds.
    let mut setup = Setup::new(Rules::oware());
    setup.board = vec![0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0];
    setup.stores = vec![24, 23];
    let lib = Mancala::from_setup(setup).map_err(|e| e.to_string())?;
    let mut fl = Fast::new();
    (fl.h, fl.s) = ([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [24, 23]);
    let mut legal = Legal::default();
    fl.legal::<false>(&mut legal, &mut Stats::default());
    if lib.legal_actions(Player::P0).as_slice() != [Move::Sow(pit(5))]
        || legal.hole[..legal.n] != [5]
    {
        return Err("the setup example of mancala_core::Setup (one legal move, hole 5)".into());
    }
    // A grand slam: player 0's 2 seeds from hole 5 make holes 6 and 7, the
    // whole of player 1's row, hold 2 each; played, nothing is taken, and
    // the game goes on.
    let mut setup = Setup::new(Rules::oware());
    setup.board = vec![1, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0];
    setup.stores = vec![19, 24];
    let mut lib = Mancala::from_setup(setup).map_err(|e| e.to_string())?;
    let turn = lib.play(Move::Sow(pit(5))).map_err(|e| e.to_string())?;
    let mut fl = Fast::new();
    (fl.h, fl.s) = ([1, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0], [19, 24]);
    let mut st = Stats::default();
    fl.play::<true>(5, &mut Seen::new(), &mut st);
    let after: [u8; N] = [1, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0];
    if !turn.grand_slam_refused
        || lib.board().holes() != after.map(u16::from)
        || fl.h[..N] != after
        || st.slams != 1
        || lib.is_over()
        || fl.over
    {
        return Err(format!(
            "the grand slam example: library {lib} ({turn}), floor {:?}",
            &fl.h[..N]
        ));
    }
    println!(
        "oware-floor: the examples agree (a lone seed that must feed, hole 5 of [0,0,0,0,0,1,0,0,0,0,0,0]; a grand slam refused, hole 5 of [1,0,0,0,0,2,1,1,0,0,0,0])"
    );
    Ok(())
}

/// What the games checked went through.
fn summary(st: &Stats) -> String {
    format!(
        "{} captures, {} grand slams refused, {} turns under the feeding rule ({} holes refused by it); ends: {} by majority, {} by repetition, {} with no legal move",
        st.captures,
        st.slams,
        st.feeding,
        st.unfed,
        st.by_majority,
        st.by_repetition,
        st.by_no_move
    )
}

fn pit(i: usize) -> Pit {
    Pit::new(i).expect("on the board")
}

/// Plays one random game from `lib` and `fl` (the same position; `before`,
/// the positions the library's setup remembered before it) in both,
/// comparing after every move; returns the moves played.
fn compare_game(
    game: u64,
    mut lib: Mancala,
    mut fl: Fast,
    before: Option<&[SeenPosition]>,
    rng: &mut Rng,
    st: &mut Stats,
) -> Result<u64, String> {
    let mut seen = Seen::new();
    for position in before.unwrap_or_default() {
        let mut h = [0; W];
        for (c, &v) in h.iter_mut().zip(&position.board) {
            *c = v as u8;
        }
        let key = u128::from_le_bytes(h) | (position.to_move.index() as u128) << 96;
        seen.insert::<false>(key, st);
    }
    // A position set up is settled as a move reaches one: a majority, a
    // repetition (none: the library refuses such a setup) or no move ends it.
    if !seen.insert::<false>(fl.key(), st) {
        fl.finish();
    }
    if fl.s.iter().any(|&s| s > HALF) || fl.s == [HALF; 2] {
        fl.finish();
    }
    let mut moves = 0u64;
    let mut legal = Legal::default();
    let mut history: Vec<usize> = Vec::new();
    loop {
        if !fl.over {
            fl.legal::<true>(&mut legal, st);
            if legal.n == 0 {
                st.by_no_move += 1;
                fl.finish();
            }
        }
        macro_rules! fail {
            ($what:expr) => {
                format!(
                    "game {}, after moves {:?}: {} differ\n  library: {}\n  floor: holes {:?} stores {:?} to move {} over {}", game, history, $what, lib, &fl.h[..N], fl.s, fl.p, fl.over
                )
            };
        }
        let holes: Vec<u16> = fl.h[..N].iter().map(|&c| u16::from(c)).collect();
        if lib.board().holes() != holes.as_slice() {
            return Err(fail!("holes"));
        }
        if lib.board().store(Player::P0) != u16::from(fl.s[0])
            || lib.board().store(Player::P1) != u16::from(fl.s[1])
        {
            return Err(fail!("stores"));
        }
        let player = match lib.status() {
            Status::Over(outcome) => {
                if !fl.over || outcome != fl.outcome() {
                    return Err(fail!("the end or the result"));
                }
                break;
            }
            Status::ToMove(p) => p,
            Status::Simultaneous(_) => return Err(fail!("status")),
        };
        if fl.over || player.index() != fl.p as usize {
            return Err(fail!("the player to move (or the end)"));
        }
        let actions = lib.legal_actions(player);
        let ours: Vec<Move> = legal.hole[..legal.n]
            .iter()
            .map(|&h| Move::Sow(pit(h as usize)))
            .collect();
        if actions.as_slice() != ours.as_slice() {
            return Err(fail!(format!(
                "legal moves ({:?} / {:?})",
                actions.as_slice(),
                ours
            )));
        }
        let k = rng.below(actions.len());
        let turn = lib.play(actions[k]).map_err(|e| {
            fail!(format!(
                "legality (the library refused {}: {e})",
                actions[k]
            ))
        })?;
        fl.play::<true>(legal.hole[k] as usize, &mut seen, st);
        history.push(k);
        moves += 1;
        let (at, cap, slam) = st.last;
        if turn.landing != Some(Landing::Hole(pit(at)))
            || turn.seeds != u32::from(cap)
            || turn.grand_slam_refused != slam
        {
            return Err(fail!(format!(
                "the move's report (library: {turn}; floor: last seed in hole {at}, {cap} captured, grand slam refused {slam})"
            )));
        }
    }
    Ok(moves)
}

// ---------------------------------------------------------------- profile
fn profile(games: u64, seed: u64) {
    let start = Fast::new();
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    let mut seen = Seen::new();
    let mut moves = 0;
    for _ in 0..games {
        moves += playout::<true>(&start, &mut seen, &mut rng, &mut st);
    }
    let per = |x: u64| x as f64 / moves as f64;
    println!(
        "oware-floor: {games} games, {moves} moves ({:.2} a game), per move:",
        moves as f64 / games as f64
    );
    println!(
        "  holes looked at {:.2}, lists under the feeding rule {:.2}% ({} holes refused by it in all), sowings of 12 or more {:.3}%",
        per(st.candidates),
        100.0 * per(st.feeding),
        st.unfed,
        100.0 * per(st.laps_round)
    );
    println!(
        "  captures {:.1}% ({:.2} holes, {:.2} seeds each), grand slams refused {:.2}%",
        100.0 * per(st.captures),
        st.taken as f64 / st.captures.max(1) as f64,
        st.seeds as f64 / st.captures.max(1) as f64,
        100.0 * per(st.slams)
    );
    println!(
        "  repetition lookups {:.2}, of them scans past the filter {:.1}%; most positions since a capture {}",
        per(st.lookups),
        100.0 * st.scans as f64 / st.lookups.max(1) as f64,
        st.longest
    );
    println!(
        "  ends: {} by majority, {} by repetition, {} with no legal move",
        st.by_majority, st.by_repetition, st.by_no_move
    );
}

// ---------------------------------------------------------------- main
const USAGE: &str =
    "usage: oware-floor [SECONDS | --secs S | --games N | --check N | --profile N] [--seed N]";

fn main() -> ExitCode {
    let (mut secs, mut seed) = (3.0f64, 1u64);
    let (mut check_games, mut profile_games, mut fixed_games) = (None, None, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |what: &str| -> Option<f64> {
            let v = args.next().and_then(|v| v.parse::<f64>().ok());
            if v.is_none() {
                eprintln!("{what} needs a number\n{USAGE}");
            }
            v
        };
        match arg.as_str() {
            "--secs" => match number("--secs") {
                Some(v) => secs = v,
                None => return ExitCode::from(2),
            },
            "--seed" => match number("--seed") {
                Some(v) => seed = v as u64,
                None => return ExitCode::from(2),
            },
            "--check" => match number("--check") {
                Some(v) => check_games = Some(v as u64),
                None => return ExitCode::from(2),
            },
            "--games" => match number("--games") {
                Some(v) => fixed_games = Some(v as u64),
                None => return ExitCode::from(2),
            },
            "--profile" => match number("--profile") {
                Some(v) => profile_games = Some(v as u64),
                None => return ExitCode::from(2),
            },
            // A bare number of seconds.
            other => match other.parse::<f64>() {
                Ok(v) => secs = v,
                Err(_) => {
                    eprintln!("unknown argument {other:?}\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
        }
    }
    if let Some(games) = check_games {
        return match check(games, seed) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("MISMATCH: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(games) = profile_games {
        profile(games, seed);
        return ExitCode::SUCCESS;
    }
    let start = Fast::new();
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    let mut seen = Seen::new();
    for _ in 0..1000 {
        black_box(playout::<false>(&start, &mut seen, &mut rng, &mut st));
    }
    let t0 = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    if let Some(n) = fixed_games {
        // A fixed amount of work (for instruction and cycle counts).
        for _ in 0..n {
            moves += playout::<false>(black_box(&start), &mut seen, &mut rng, &mut st);
        }
        games = n;
    }
    while fixed_games.is_none() && t0.elapsed().as_secs_f64() < secs {
        for _ in 0..64 {
            moves += playout::<false>(black_box(&start), &mut seen, &mut rng, &mut st);
        }
        games += 64;
    }
    let dt = t0.elapsed().as_secs_f64();
    println!(
        "oware-floor: {:.0} moves/s, {:.0} games/s, {:.1} ns/move, mean length {:.2}",
        moves as f64 / dt,
        games as f64 / dt,
        dt * 1e9 / moves as f64,
        moves as f64 / games as f64
    );
    ExitCode::SUCCESS
}
