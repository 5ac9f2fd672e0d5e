//! A hand-written Mankka (Two, or One with `--one`) on 12 `u8` counts (padded to 16): the floor
//! for random-playout speed, in the spirit of `oware-floor`.
//!
//! Exactly the rules of `mankka::Options::two()` and `Options::one()`
//! (RULES.md, "Mankka"): 2x6 holes; Two starts with 3 seeds a hole and 6 in
//! each hand, placed by player 0 then player 1 (462 placements each, in
//! lexicographic order of the six counts), One with 4 a hole and no hand.
//! A sowing move lifts one of the mover's holes and sows counter-clockwise,
//! origin not skipped; the lap's last seed makes its hole hold `c`: 1 ends
//! the move, 2 or 3 captures that hole and then, walking clockwise across
//! both sides, every hole holding 2 or 3 (never passing the landing hole
//! again), and 4 or more lifts them for another lap. A move whose relays
//! never end (a lap start, board and hole, repeats) is not legal; the
//! detection is exact (plain laps, then Brent's cycle detection). The game
//! ends when the player to move has no legal sowing move (checked at every
//! turn, the opening's included) or when at most 8 seeds are left on the
//! board after a sowing move; seeds left count for nobody, more captured
//! seeds wins.
//!
//! Per move it does what the project's `bench` does: the full legal move
//! list (a trial sowing of every move whose first lap would relay), one
//! random draw, the move. A move that was trial-sown is played by taking its
//! trial's board (the trial *is* the move's sowing).
//!
//! ```text
//! mankka-floor [--one] [--secs S] [--seed N]   time random playouts (default 3 s, seed 1)
//! mankka-floor [--one] --games N [--seed N]   exactly N playouts (a fixed amount of work)
//! mankka-floor [--one] --check N [--seed N]    N random games beside the library, compared after every move
//! mankka-floor [--one] --profile N [--seed N]  where the work goes, over N random games
//! ```

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use mancala_core::{Game, Outcome, Pit, Player, Status};
use mankka::{Mankka, Move, Options, Placement};

// ---------------------------------------------------------------- RNG
/// SplitMix64 with Lemire's multiply-shift reduction (no division), as in
/// `oware-floor` and the project's bench.
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
/// Holes on the board.
const N: usize = 12;
/// A lap relays from a hole its last seed makes hold at least this many.
const RELAY: u8 = 4;
/// Seeds in the game (Two: 12 x 3 + 2 x 6; One: 12 x 4).
const TOTAL: u8 = 48;
/// The game ends when at most this many are left after a sowing move.
const END_LEFT: u8 = 8;
/// Laps sown plainly before a move is walked under cycle detection.
const PLAIN_LAPS: u32 = 64;

/// The 462 placements of 6 seeds in 6 holes, in lexicographic order of the
/// counts (the library's order: `0+0+0+0+0+6` first, `6+0+0+0+0+0` last).
static PLACEMENTS: [[u8; 6]; 462] = placements();

const fn placements() -> [[u8; 6]; 462] {
    let mut out = [[0u8; 6]; 462];
    let mut n = 0;
    let mut a = 0;
    while a <= 6 {
        let mut b = 0;
        while a + b <= 6 {
            let mut c = 0;
            while a + b + c <= 6 {
                let mut d = 0;
                while a + b + c + d <= 6 {
                    let mut e = 0;
                    while a + b + c + d + e <= 6 {
                        out[n] = [a, b, c, d, e, 6 - a - b - c - d - e];
                        n += 1;
                        e += 1;
                    }
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    assert!(n == 462);
    out
}

/// Counters for `--profile` (compiled out of the timed playouts).
#[derive(Default, Debug)]
struct Stats {
    /// Turns (placements and sowing moves).
    turns: u64,
    /// Sowing turns.
    sow_turns: u64,
    /// Legal-list computations (every turn's, the opening's included).
    lists: u64,
    /// Non-empty holes looked at by them.
    candidates: u64,
    /// Of those, moves decided by the first lap's arithmetic alone.
    single: u64,
    /// Trial sowings (moves whose first lap relays).
    trials: u64,
    /// Moves refused as endless.
    endless: u64,
    /// Laps and seeds sown (trials and moves alike).
    laps: u64,
    seeds: u64,
    /// Sowing moves that took their trial's board.
    reused: u64,
    /// Captures made, and holes taken.
    captures: u64,
    taken: u64,
    /// The most laps in one move.
    max_laps: u64,
}

/// A board: the 12 holes' counts, padded to 16 lanes (always 0) so that a
/// lap is one add of 16 bytes.
type Board = [u8; W];
const W: usize = 16;

/// `SOW[from][r]`: one seed in each of the `r` holes after `from`, wrapping
/// (the holes a lap of `r <= 12` seeds from `from` reaches).
static SOW: [[Board; N + 1]; N] = sow_masks();
/// `ROUNDS[k]`: `k` seeds in every hole (`k` whole revolutions).
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
/// The most whole revolutions a lap can make (48 seeds in the game).
const MAX_ROUNDS: usize = 4;
/// `KEEP[from]`: every hole kept but `from` (the lap's lift).
static KEEP: [Board; N] = {
    let mut t = [[0xff; W]; N];
    let mut i = 0;
    while i < N {
        t[i][i] = 0;
        i += 1;
    }
    t
};

const fn sow_masks() -> [[Board; N + 1]; N] {
    let mut t = [[[0; W]; N + 1]; N];
    let mut from = 0;
    while from < N {
        let mut r = 1;
        while r <= N {
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
}

/// One lap from `from` (which holds seeds): lifts them and sows them
/// counter-clockwise from the next hole, origin included; returns the hole
/// the last seed fell in.
#[inline(always)]
fn lap<const P: bool>(h: &mut Board, from: usize, st: &mut Stats) -> usize {
    let n = h[from] as usize;
    if P {
        st.laps += 1;
        st.seeds += n as u64;
    }
    // Whole revolutions, then r in 1..=12 seeds in holes from+1 ..= from+r,
    // wrapping; the lift, the revolutions and the rest in one pass of
    // 16-byte operations (no byte store before the board is read whole).
    let full = (n - 1) / N;
    let r = n - full * N;
    let (keep, round, sow) = (&KEEP[from], &ROUNDS[full], &SOW[from][r]);
    for i in 0..W {
        h[i] = (h[i] & keep[i]) + round[i] + sow[i];
    }
    let end = from + r;
    if end < N { end } else { end - N }
}

/// The start: `seeds` in every hole.
const fn start_board(seeds: u8) -> Board {
    let mut h = [0; W];
    let mut i = 0;
    while i < N {
        h[i] = seeds;
        i += 1;
    }
    h
}

/// The count the first lap from `from` would leave in its landing hole,
/// without sowing (`from` holds seeds).
#[inline(always)]
fn first_landing_count(h: &Board, from: usize) -> u8 {
    let n = h[from] as usize;
    let full = (n - 1) / N;
    let mut at = from + n - full * N;
    if at >= N {
        at -= N;
    }
    let before = if at == from { 0 } else { h[at] };
    before + full as u8 + 1
}

/// The whole move from `origin`, relays included: `Some(landing)` with the
/// board sown, or `None` (board unchanged) if its relays never end.
#[inline(always)]
fn sow_move<const P: bool>(h: &mut Board, origin: usize, st: &mut Stats) -> Option<usize> {
    let start = *h;
    let mut from = origin;
    for laps in 1..=PLAIN_LAPS {
        let at = lap::<P>(h, from, st);
        if h[at] < RELAY {
            if P {
                st.max_laps = st.max_laps.max(u64::from(laps));
            }
            return Some(at);
        }
        from = at;
    }
    *h = start;
    cycle_or_end::<P>(h, origin, st)
}

/// Brent's cycle detection over the lap starts (board, hole about to be
/// lifted) of the move from `origin`: exact. Out of line: random play from
/// the start never gets here (the longest move in a million games is a few
/// dozen laps).
#[inline(never)]
fn cycle_or_end<const P: bool>(h: &mut Board, origin: usize, st: &mut Stats) -> Option<usize> {
    let (mut tb, mut th) = (*h, origin);
    let (mut hb, mut hh) = (*h, origin);
    let (mut power, mut lambda) = (1u64, 0u64);
    let mut laps = 0u64;
    loop {
        let at = lap::<P>(&mut hb, hh, st);
        laps += 1;
        // The library decides a move only within its work budget of a
        // million laps; random play never comes near it.
        assert!(laps < 4_000_000, "beyond the library's work budget");
        if hb[at] < RELAY {
            *h = hb;
            if P {
                st.max_laps = st.max_laps.max(laps);
            }
            return Some(at);
        }
        hh = at;
        lambda += 1;
        if hh == th && hb == tb {
            if P {
                st.endless += 1;
            }
            return None;
        }
        if lambda == power {
            (tb, th) = (hb, hh);
            power *= 2;
            lambda = 0;
        }
    }
}

/// The legal sowing moves of the player to move, in hole order, with what
/// the trial sowings found.
#[derive(Clone, Copy, Default)]
struct Legal {
    n: usize,
    /// The holes.
    hole: [u8; 6],
    /// The move's landing hole, when it was trial-sown.
    land: [u8; 6],
    /// Whether it was trial-sown, and then the board after it.
    trial: [bool; 6],
    after: [Board; 6],
}

#[derive(Clone, Copy)]
struct Fast {
    h: Board,
    s: [u8; 2],
    p: u8,
    /// Opening placements still to come (2, 1, 0): the player to move places
    /// while it is not 0.
    placing: u8,
    over: bool,
}

impl Fast {
    fn new(one: bool) -> Fast {
        Fast {
            h: start_board(if one { 4 } else { 3 }),
            s: [0; 2],
            p: 0,
            placing: if one { 0 } else { 2 },
            over: false,
        }
    }

    /// Every legal sowing move of the player to move (trial sowings where
    /// the first lap relays).
    #[inline(always)]
    fn legal<const P: bool>(&self, out: &mut Legal, st: &mut Stats) {
        let b = 6 * self.p as usize;
        let mut n = 0;
        if P {
            st.lists += 1;
        }
        for i in 0..6 {
            let from = b + i;
            if self.h[from] == 0 {
                continue;
            }
            if P {
                st.candidates += 1;
            }
            out.hole[n] = from as u8;
            if first_landing_count(&self.h, from) < RELAY {
                // Ends with its first lap.
                if P {
                    st.single += 1;
                }
                out.trial[n] = false;
                n += 1;
                continue;
            }
            if P {
                st.trials += 1;
            }
            let mut board = self.h;
            if let Some(at) = sow_move::<P>(&mut board, from, st) {
                out.trial[n] = true;
                out.land[n] = at as u8;
                out.after[n] = board;
                n += 1;
            }
        }
        out.n = n;
    }

    /// Player to move places `counts` in his holes.
    #[inline(always)]
    fn place(&mut self, counts: &[u8; 6]) {
        let b = 6 * self.p as usize;
        for (c, &k) in self.h[b..b + 6].iter_mut().zip(counts) {
            *c += k;
        }
        self.placing -= 1;
        self.p ^= 1;
    }

    /// Plays legal move `k` of `legal` (this position's list).
    #[inline(always)]
    fn play<const P: bool>(&mut self, legal: &Legal, k: usize, st: &mut Stats) {
        let at = if legal.trial[k] {
            if P {
                st.reused += 1;
            }
            self.h = legal.after[k];
            legal.land[k] as usize
        } else {
            if P {
                st.max_laps = st.max_laps.max(1);
            }
            lap::<P>(&mut self.h, legal.hole[k] as usize, st)
        };
        let c = self.h[at];
        if c == 2 || c == 3 {
            // The chain: clockwise from the landing hole, across sides,
            // never passing it again.
            let mut cap = 0;
            let mut i = at;
            loop {
                let c = self.h[i];
                if c != 2 && c != 3 {
                    break;
                }
                cap += c;
                self.h[i] = 0;
                if P {
                    st.taken += 1;
                }
                i = if i == 0 { N - 1 } else { i - 1 };
                if i == at {
                    break;
                }
            }
            if P {
                st.captures += 1;
            }
            self.s[self.p as usize] += cap;
        }
        if TOTAL - self.s[0] - self.s[1] <= END_LEFT {
            self.over = true;
        }
        self.p ^= 1;
    }

    /// One random move of this position, whose legal list is `legal`:
    /// a placement in the opening, else one of the listed sowing moves.
    #[inline(always)]
    fn random_move<const P: bool>(&mut self, legal: &Legal, rng: &mut Rng, st: &mut Stats) {
        if P {
            st.turns += 1;
        }
        if self.placing > 0 {
            self.place(&PLACEMENTS[rng.below(PLACEMENTS.len())]);
        } else {
            if P {
                st.sow_turns += 1;
            }
            let k = rng.below(legal.n);
            self.play::<P>(legal, k, st);
        }
    }

    fn outcome(&self) -> Outcome {
        Outcome::from_scores(&self.s)
    }
}

/// One uniform random game from a copy of `start`: per move the legal
/// list (the game is over when it is empty), one draw, the move. Returns
/// the moves played (placements included).
#[inline(never)]
fn playout<const P: bool>(start: &Fast, rng: &mut Rng, st: &mut Stats) -> u64 {
    let mut g = *start;
    let mut legal = Legal::default();
    let mut n = 0;
    loop {
        g.legal::<P>(&mut legal, st);
        if legal.n == 0 {
            break;
        }
        g.random_move::<P>(&legal, rng, st);
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
/// after every move; then as many from random positions (48 seeds less
/// random stores spread at random, where endless moves are far more
/// common), and the known endless position of RULES.md.
fn check(one: bool, games: u64, seed: u64) -> Result<(), String> {
    let options = if one { Options::one() } else { Options::two() };
    let mut rng = Rng(seed);
    let mut totals = [0u64; 2];
    for game in 0..games {
        let lib = Mankka::new(options).map_err(|e| e.to_string())?;
        let counted = compare_game(game, lib, Fast::new(one), &mut rng)?;
        totals[0] += counted[0];
        totals[1] += counted[1];
    }
    println!(
        "{}: {games} games from the start, {} moves checked against the library: all equal ({} moves refused as endless)",
        name(one),
        totals[0],
        totals[1]
    );
    let (mut positions, mut totals) = (0u64, [0u64; 2]);
    for game in 0..games {
        let mut fl = Fast::new(one);
        fl.placing = 0;
        fl.h = [0; W];
        let taken = rng.below(31) as u8;
        fl.s[0] = rng.below(usize::from(taken) + 1) as u8;
        fl.s[1] = taken - fl.s[0];
        for _ in 0..TOTAL - taken {
            fl.h[rng.below(N)] += 1;
        }
        fl.p = rng.below(2) as u8;
        let row = |r: &[u8]| {
            r.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let text = format!(
            "{}/{} {},{} 0,0 {}{}",
            row(&fl.h[..6]),
            row(&fl.h[6..N]),
            fl.s[0],
            fl.s[1],
            fl.p,
            if one { " variant=one" } else { "" }
        );
        // The library refuses a position it cannot decide within its
        // budget: not one the floor need agree on.
        let Ok(lib) = text.parse::<Mankka>() else {
            continue;
        };
        positions += 1;
        let counted = compare_game(game, lib, fl, &mut rng)?;
        totals[0] += counted[0];
        totals[1] += counted[1];
    }
    println!(
        "{}: {positions} games from random positions, {} moves checked against the library: all equal ({} moves refused as endless)",
        name(one),
        totals[0],
        totals[1]
    );
    // RULES.md's example: player 0's hole 2 relays forever.
    let mut fl = Fast::new(one);
    (fl.h, fl.placing) = ([4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1, 0, 0, 0, 0], 0);
    let mut legal = Legal::default();
    fl.legal::<false>(&mut legal, &mut Stats::default());
    let lib: Mankka = "4,2,5,2,0,3/1,4,2,0,3,1 0,0 0,0 0"
        .parse()
        .map_err(|e| format!("{e}"))?;
    let ours: Vec<Move> = legal.hole[..legal.n]
        .iter()
        .map(|&h| Move::Sow(Pit::new(h as usize).expect("on the board")))
        .collect();
    if lib.legal_actions(Player::P0).as_slice() != ours.as_slice()
        || legal.hole[..legal.n].contains(&2)
    {
        return Err(format!("RULES.md's endless example: {ours:?}"));
    }
    println!(
        "{}: RULES.md's endless example refused (hole 2 of [4,2,5,2,0,3,1,4,2,0,3,1])",
        name(one)
    );
    Ok(())
}

/// Plays one random game from `lib` and `fl` (the same position) in both,
/// comparing after every move: `[moves, moves refused as endless]`.
fn compare_game(
    game: u64,
    mut lib: Mankka,
    mut fl: Fast,
    rng: &mut Rng,
) -> Result<[u64; 2], String> {
    let mut st = Stats::default();
    let (mut moves, mut endless) = (0u64, 0u64);
    let mut legal = Legal::default();
    let mut history: Vec<usize> = Vec::new();
    loop {
        fl.legal::<false>(&mut legal, &mut st);
        if legal.n == 0 {
            fl.over = true;
        }
        macro_rules! fail {
            ($what:expr) => {
                format!(
                    "game {}, after moves {:?}: {} differ\n  library: {}\n  floor: holes {:?} stores {:?} to move {} placing {} over {}", game, history, $what, lib, &fl.h[..N], fl.s, fl.p, fl.placing, fl.over
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
        let hands = lib.hands();
        let fl_hands = [
            if fl.placing == 2 { 6 } else { 0 },
            if fl.placing >= 1 { 6 } else { 0 },
        ];
        if hands.as_slice() != fl_hands {
            return Err(fail!("hands"));
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
        let ours: Vec<Move> = if fl.placing > 0 {
            PLACEMENTS
                .iter()
                .map(|c| Move::Place(Placement::new(c.map(u16::from))))
                .collect()
        } else {
            legal.hole[..legal.n]
                .iter()
                .map(|&h| Move::Sow(Pit::new(h as usize).expect("on the board")))
                .collect()
        };
        if actions.as_slice() != ours.as_slice() {
            return Err(fail!(format!(
                "legal moves ({:?} / {:?})",
                actions.as_slice(),
                ours
            )));
        }
        // Holes the floor refused as endless, to report how often.
        if fl.placing == 0 {
            let b = 6 * fl.p as usize;
            endless += fl.h[b..b + 6].iter().filter(|&&c| c > 0).count() as u64 - legal.n as u64;
        }
        let k = rng.below(actions.len());
        lib.play(actions[k]).map_err(|e| {
            fail!(format!(
                "legality (the library refused {}: {e})",
                actions[k]
            ))
        })?;
        if fl.placing > 0 {
            fl.place(&PLACEMENTS[k]);
        } else {
            fl.play::<false>(&legal, k, &mut st);
        }
        history.push(k);
        moves += 1;
    }
    Ok([moves, endless])
}

// ---------------------------------------------------------------- profile
fn profile(one: bool, games: u64, seed: u64) {
    let start = Fast::new(one);
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    let mut moves = 0;
    for _ in 0..games {
        moves += playout::<true>(&start, &mut rng, &mut st);
    }
    let per = |x: u64| x as f64 / moves as f64;
    let sow = st.sow_turns as f64;
    println!(
        "{}: {games} games, {moves} moves ({} sowing), per move:",
        name(one),
        st.sow_turns
    );
    println!(
        "  legal lists {:.3}, holes looked at {:.2}, decided by the first lap's arithmetic {:.2}, trial sowings {:.2} ({} moves refused as endless in all)",
        per(st.lists),
        per(st.candidates),
        per(st.single),
        per(st.trials),
        st.endless
    );
    println!(
        "  laps sown {:.2}, seeds sown {:.1} (trials and moves together); per sowing move: {:.1} laps, {:.1} seeds",
        per(st.laps),
        per(st.seeds),
        st.laps as f64 / sow,
        st.seeds as f64 / sow
    );
    println!(
        "  sowing moves that took their trial's board {:.1}%, captures {:.1}% ({:.2} holes each); most laps in one trial or move {}",
        100.0 * st.reused as f64 / sow,
        100.0 * st.captures as f64 / sow,
        st.taken as f64 / st.captures.max(1) as f64,
        st.max_laps
    );
}

// ---------------------------------------------------------------- main
fn name(one: bool) -> &'static str {
    if one {
        "mankka-one-floor"
    } else {
        "mankka-floor"
    }
}

const USAGE: &str =
    "usage: mankka-floor [--one] [--secs S | --games N | --check N | --profile N] [--seed N]";

fn main() -> ExitCode {
    let (mut one, mut secs, mut seed) = (false, 3.0f64, 1u64);
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
            "--one" => one = true,
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
            // A bare number of seconds, as oware-floor takes it.
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
        return match check(one, games, seed) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("MISMATCH: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if let Some(games) = profile_games {
        profile(one, games, seed);
        return ExitCode::SUCCESS;
    }
    let start = Fast::new(one);
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    for _ in 0..1000 {
        black_box(playout::<false>(&start, &mut rng, &mut st));
    }
    let t0 = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    if let Some(n) = fixed_games {
        // A fixed amount of work (for instruction and cycle counts).
        for _ in 0..n {
            moves += playout::<false>(black_box(&start), &mut rng, &mut st);
        }
        games = n;
    }
    while fixed_games.is_none() && t0.elapsed().as_secs_f64() < secs {
        for _ in 0..64 {
            moves += playout::<false>(black_box(&start), &mut rng, &mut st);
        }
        games += 64;
    }
    let dt = t0.elapsed().as_secs_f64();
    println!(
        "{}: {:.0} moves/s, {:.0} games/s, {:.1} ns/move, mean length {:.2}",
        name(one),
        moves as f64 / dt,
        games as f64 / dt,
        dt * 1e9 / moves as f64,
        moves as f64 / games as f64
    );
    ExitCode::SUCCESS
}
