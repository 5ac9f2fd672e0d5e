//! A hand-written classic Numercy on 14 `u8` counts (padded to 16): the
//! floor for random-playout speed, in the spirit of `oware-floor`.
//!
//! Exactly the rules of `numercy::Options::classic()` (RULES.md,
//! "Numercy"): 2x7 holes, 7 balls a hole, operators `+ - x : + - x` by file
//! from player 0's left. A move lifts one of the mover's holes and sows
//! counter-clockwise, origin not skipped; when the lap's last ball makes its
//! hole hold 6 or more, they are lifted for another lap. A move whose relays
//! never end (a lap start, board and hole, repeats) is not legal; the
//! detection is exact (plain laps, then Brent's cycle detection). Where the
//! move ends, with `c` that hole's count and `o` the opposite one's: 2 or 4,
//! the mover scores `c op o` and both holes are emptied; 3 or 5, the
//! opponent scores `c op o`; 1, nothing. `-` is the absolute difference,
//! `:` the larger over the smaller rounded to nearest, halves up, and 0
//! when the smaller is 0. The game ends when the player to move has no
//! legal move (no balls, or every move endless); each adds the balls left in
//! his holes to his points; more points wins.
//!
//! Per move it does what the project's `bench` does: the full legal move
//! list (a trial sowing of every move whose first lap would relay), one
//! random draw, the move. A move that was trial-sown is played by taking its
//! trial's board (the trial *is* the move's sowing).
//!
//! ```text
//! numercy-floor [--secs S] [--seed N]   time random playouts (default 3 s, seed 1)
//! numercy-floor --games N [--seed N]    exactly N playouts (a fixed amount of work)
//! numercy-floor --check N [--seed N]    N random games beside the library, compared after every move
//! numercy-floor --profile N [--seed N]  where the work goes, over N random games
//! ```

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use mancala_core::{Game, Outcome, Pit, Player, Status};
use numercy::{Numercy, Options};

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
/// Holes in a row, and on the board.
const ROW: usize = 7;
const N: usize = 2 * ROW;
/// A lap relays from a hole its last ball makes hold at least this many.
const RELAY: u8 = 6;
/// Balls in a hole at the start.
const SEEDS: u8 = 7;
/// Laps sown plainly before a move is walked under cycle detection.
const PLAIN_LAPS: u32 = 64;

/// The classic operator row by file: `+ - x : + - x`.
#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}
const OPS: [Op; ROW] = [
    Op::Add,
    Op::Sub,
    Op::Mul,
    Op::Div,
    Op::Add,
    Op::Sub,
    Op::Mul,
];

/// `c op o` (rounded to nearest, halves up; a division by 0 scores 0).
#[inline(always)]
fn apply(op: Op, c: u8, o: u8) -> u64 {
    let (c, o) = (u64::from(c), u64::from(o));
    match op {
        Op::Add => c + o,
        Op::Sub => c.abs_diff(o),
        Op::Mul => c * o,
        Op::Div => {
            let (max, min) = (c.max(o), c.min(o));
            match max.checked_div(min) {
                Some(q) => q + u64::from(2 * (max % min) >= min),
                None => 0,
            }
        }
    }
}

/// Counters for `--profile` (compiled out of the timed playouts).
#[derive(Default, Debug)]
struct Stats {
    /// Moves.
    turns: u64,
    /// Legal-list computations.
    lists: u64,
    /// Non-empty holes looked at by them.
    candidates: u64,
    /// Of those, moves decided by the first lap's arithmetic alone.
    single: u64,
    /// Trial sowings (moves whose first lap relays).
    trials: u64,
    /// Moves refused as endless.
    endless: u64,
    /// Laps and balls sown (trials and moves alike).
    laps: u64,
    seeds: u64,
    /// Moves that took their trial's board.
    reused: u64,
    /// Moves ending on 2 or 4 (mover scores, holes emptied), on 3 or 5.
    mover_scores: u64,
    opponent_scores: u64,
    /// The most laps in one move.
    max_laps: u64,
}

/// A board: the 14 holes' counts, padded to 16 lanes (always 0) so that a
/// lap is one add of 16 bytes.
type Board = [u8; W];
const W: usize = 16;

/// `SOW[from][r]`: one ball in each of the `r` holes after `from`, wrapping
/// (the holes a lap of `r <= 14` balls from `from` reaches).
static SOW: [[Board; N + 1]; N] = sow_masks();
/// `ROUNDS[k]`: `k` balls in every hole (`k` whole revolutions).
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
/// The most whole revolutions a lap can make (98 balls in the game).
const MAX_ROUNDS: usize = 7;
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

/// One lap from `from` (which holds balls): lifts them and sows them
/// counter-clockwise from the next hole, origin included; returns the hole
/// the last ball fell in.
#[inline(always)]
fn lap<const P: bool>(h: &mut Board, from: usize, st: &mut Stats) -> usize {
    let n = h[from] as usize;
    if P {
        st.laps += 1;
        st.seeds += n as u64;
    }
    // Whole revolutions, then r in 1..=14 balls in holes from+1 ..= from+r,
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
/// without sowing (`from` holds balls).
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
/// the start almost never gets here.
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

/// The legal moves of the player to move, in hole order, with what the
/// trial sowings found.
#[derive(Clone, Copy, Default)]
struct Legal {
    n: usize,
    /// The holes.
    hole: [u8; ROW],
    /// The move's landing hole, when it was trial-sown.
    land: [u8; ROW],
    /// Whether it was trial-sown, and then the board after it.
    trial: [bool; ROW],
    after: [Board; ROW],
}

#[derive(Clone, Copy)]
struct Fast {
    h: Board,
    pts: [u64; 2],
    p: u8,
    over: bool,
}

impl Fast {
    fn new() -> Fast {
        Fast {
            h: start_board(SEEDS),
            pts: [0; 2],
            p: 0,
            over: false,
        }
    }

    /// Every legal move of the player to move (trial sowings where the first
    /// lap relays).
    #[inline(always)]
    fn legal<const P: bool>(&self, out: &mut Legal, st: &mut Stats) {
        let b = ROW * self.p as usize;
        let mut n = 0;
        if P {
            st.lists += 1;
        }
        for i in 0..ROW {
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

    /// Plays legal move `k` of `legal` (this position's list) and passes
    /// the turn.
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
        let opp = N - 1 - at;
        let (c, o) = (self.h[at], self.h[opp]);
        let op = OPS[at.min(opp)];
        let mover = self.p as usize;
        match c {
            2 | 4 => {
                self.pts[mover] += apply(op, c, o);
                self.h[at] = 0;
                self.h[opp] = 0;
                if P {
                    st.mover_scores += 1;
                }
            }
            3 | 5 => {
                self.pts[mover ^ 1] += apply(op, c, o);
                if P {
                    st.opponent_scores += 1;
                }
            }
            _ => {}
        }
        self.p ^= 1;
    }

    /// The end: the player to move cannot move; each player adds the balls
    /// left in his holes to his points.
    fn finish(&mut self) {
        for p in 0..2 {
            let left: u64 = self.h[ROW * p..ROW * (p + 1)]
                .iter()
                .map(|&c| u64::from(c))
                .sum();
            self.pts[p] += left;
        }
        self.over = true;
    }

    fn outcome(&self) -> Outcome {
        Outcome::from_scores(&self.pts)
    }
}

/// One uniform random game from a copy of `start`: per move the legal list
/// (the game is over when it is empty), one draw, the move. Returns the
/// moves played.
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
        if P {
            st.turns += 1;
        }
        let k = rng.below(legal.n);
        g.play::<P>(&legal, k, st);
        n += 1;
    }
    g.finish();
    black_box(g.pts);
    n
}

// ---------------------------------------------------------------- check
/// Plays `games` random games in the floor and in the library from the
/// start, the same legal-list index drawn for both, comparing everything
/// after every move; then as many from random positions (98 balls spread
/// at random, random points), and the known endless position of the
/// conformance traces.
fn check(games: u64, seed: u64) -> Result<(), String> {
    let mut rng = Rng(seed);
    let mut totals = [0u64; 2];
    for game in 0..games {
        let lib = Numercy::new(Options::classic()).map_err(|e| e.to_string())?;
        let counted = compare_game(game, lib, Fast::new(), &mut rng)?;
        totals[0] += counted[0];
        totals[1] += counted[1];
    }
    println!(
        "numercy-floor: {games} games from the start, {} moves checked against the library: all equal ({} moves refused as endless)",
        totals[0], totals[1]
    );
    let (mut positions, mut totals) = (0u64, [0u64; 2]);
    for game in 0..games {
        let mut fl = Fast::new();
        fl.h = [0; W];
        for _ in 0..u32::from(SEEDS) * N as u32 {
            fl.h[rng.below(N)] += 1;
        }
        fl.pts = [rng.below(100) as u64, rng.below(100) as u64];
        fl.p = rng.below(2) as u8;
        let row = |r: &[u8]| {
            r.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let text = format!(
            "{}/{} {},{} {}",
            row(&fl.h[..ROW]),
            row(&fl.h[ROW..N]),
            fl.pts[0],
            fl.pts[1],
            fl.p
        );
        // The library refuses a position it cannot decide within its
        // budget: not one the floor need agree on.
        let Ok(lib) = text.parse::<Numercy>() else {
            continue;
        };
        positions += 1;
        let counted = compare_game(game, lib, fl, &mut rng)?;
        totals[0] += counted[0];
        totals[1] += counted[1];
    }
    println!(
        "numercy-floor: {positions} games from random positions, {} moves checked against the library: all equal ({} moves refused as endless)",
        totals[0], totals[1]
    );
    // examples/tests/data/numercy_endless.jsonl: player 0's hole 2 relays
    // forever.
    let mut fl = Fast::new();
    fl.h = [5, 7, 9, 1, 3, 5, 7, 0, 2, 4, 6, 8, 1, 3, 0, 0];
    let mut legal = Legal::default();
    fl.legal::<false>(&mut legal, &mut Stats::default());
    let lib: Numercy = "5,7,9,1,3,5,7/0,2,4,6,8,1,3 0,0 0"
        .parse()
        .map_err(|e| format!("{e}"))?;
    let ours: Vec<Pit> = legal.hole[..legal.n]
        .iter()
        .map(|&h| Pit::new(h as usize).expect("on the board"))
        .collect();
    if lib.legal_actions(Player::P0).as_slice() != ours.as_slice()
        || legal.hole[..legal.n].contains(&2)
    {
        return Err(format!("the endless example: {ours:?}"));
    }
    println!(
        "numercy-floor: the endless example refused (hole 2 of [5,7,9,1,3,5,7,0,2,4,6,8,1,3])"
    );
    Ok(())
}

/// Plays one random game from `lib` and `fl` (the same position) in both,
/// comparing after every move: `[moves, moves refused as endless]`.
fn compare_game(
    game: u64,
    mut lib: Numercy,
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
            fl.finish();
        }
        macro_rules! fail {
            ($what:expr) => {
                format!(
                    "game {}, after moves {:?}: {} differ\n  library: {}\n  floor: holes {:?} points {:?} to move {} over {}", game, history, $what, lib, &fl.h[..N], fl.pts, fl.p, fl.over
                )
            };
        }
        let holes: Vec<u16> = fl.h[..N].iter().map(|&c| u16::from(c)).collect();
        if lib.board().holes() != holes.as_slice() {
            return Err(fail!("holes"));
        }
        if lib.scores().as_slice() != fl.pts {
            return Err(fail!("points"));
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
        let ours: Vec<Pit> = legal.hole[..legal.n]
            .iter()
            .map(|&h| Pit::new(h as usize).expect("on the board"))
            .collect();
        if actions.as_slice() != ours.as_slice() {
            return Err(fail!(format!(
                "legal moves ({:?} / {:?})",
                actions.as_slice(),
                ours
            )));
        }
        let b = ROW * fl.p as usize;
        endless += fl.h[b..b + ROW].iter().filter(|&&c| c > 0).count() as u64 - legal.n as u64;
        let k = rng.below(actions.len());
        lib.play(actions[k]).map_err(|e| {
            fail!(format!(
                "legality (the library refused {}: {e})",
                actions[k]
            ))
        })?;
        fl.play::<false>(&legal, k, &mut st);
        history.push(k);
        moves += 1;
    }
    Ok([moves, endless])
}

// ---------------------------------------------------------------- profile
fn profile(games: u64, seed: u64) {
    let start = Fast::new();
    let mut rng = Rng(seed);
    let mut st = Stats::default();
    let mut moves = 0;
    for _ in 0..games {
        moves += playout::<true>(&start, &mut rng, &mut st);
    }
    let per = |x: u64| x as f64 / moves as f64;
    println!("numercy-floor: {games} games, {moves} moves, per move:");
    println!(
        "  legal lists {:.3}, holes looked at {:.2}, decided by the first lap's arithmetic {:.2}, trial sowings {:.2} ({} moves refused as endless in all)",
        per(st.lists),
        per(st.candidates),
        per(st.single),
        per(st.trials),
        st.endless
    );
    println!(
        "  laps sown {:.2}, balls sown {:.1} (trials and moves together)",
        per(st.laps),
        per(st.seeds),
    );
    println!(
        "  moves that took their trial's board {:.1}%, mover scores {:.1}%, opponent scores {:.1}%; most laps in one trial or move {}",
        100.0 * per(st.reused),
        100.0 * per(st.mover_scores),
        100.0 * per(st.opponent_scores),
        st.max_laps
    );
}

// ---------------------------------------------------------------- main
const USAGE: &str =
    "usage: numercy-floor [--secs S | --games N | --check N | --profile N] [--seed N]";

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
        "numercy-floor: {:.0} moves/s, {:.0} games/s, {:.1} ns/move, mean length {:.2}",
        moves as f64 / dt,
        games as f64 / dt,
        dt * 1e9 / moves as f64,
        moves as f64 / games as f64
    );
    ExitCode::SUCCESS
}
