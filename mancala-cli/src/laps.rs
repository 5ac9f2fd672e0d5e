//! The work budget measured: its rate (seeds sown a second while deciding
//! relays) on the slowest boards we know, what a refused call costs under
//! the default budget, and the most work any call takes in random play from
//! each relaying preset.
//!
//! ```text
//! mancala laps [--games N] [--long-games N] [--seed S]
//! ```
//!
//! First the rate: each known slow position (a relay cycle of hundreds of
//! millions of laps on a 2x6 board of 72 seeds relaying at 2, as oware's
//! board, Numercy's and on the heap boards of 2x50 and 6x13 holes built the
//! same way) is read under the default budget ([`Budget::DEFAULT`]) and
//! refused; the line gives the seeds the refused call spent and its time:
//!
//! ```text
//! rate BOARD: refused in T ms, R M seeds/s
//! ```
//!
//! and the first refusal met in random play on a board of 2x12 (French
//! Wari's rules with 5 seeds a hole), where seeds are sown lap by lap and
//! count three times.
//!
//! Then random play: N games (default 100,000) of every game of the
//! registry whose moves relay, at its defaults, on a board of at most 2x7
//! (today Numercy, Mankka, French Wari, Kay), and of Numercy on 2x6 and
//! Mankka One, and `--long-games` (default 10,000) of the longer ones (En
//! Gehe's 2x40, and on 2x50), every move drawn uniformly from the legal moves (at most
//! 10,000 a game). Every call is played with a meter of no limit
//! (`play_metered`), and the line gives the most seeds one call spent
//! beyond the laps each move sows free, and how many times the default
//! budget covers it:
//!
//! ```text
//! PRESET: N games, M calls, longest call S seeds (COVER x the default): BOARD, player P sows H
//! ```

use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use mancala_core::{Budget, Game, Layout, Mancala, Meter, Rules, Setup, SetupError, rules::Relay};
use mancala_engine::{AnyGame, SplitMix};

/// The most moves played in one random game.
const MAX_PLIES: u32 = 10_000;

/// The longest call seen: its seeds, the state before it and the move.
struct Longest<G: Game> {
    seeds: u64,
    before: G,
    mv: G::Move,
}

/// How a game is played with a meter of the caller's.
trait Metered: Game + Clone {
    /// Whether its moves can relay (a call can spend the budget).
    fn relays(&self) -> bool;
    /// Whether it is played on a long board (more than 7 holes a row),
    /// whose random games take longer.
    fn long(&self) -> bool {
        self.holes().len() > 14
    }
    fn play_metered(&mut self, mv: Self::Move, meter: &Meter) -> Result<(), String>;
    fn holes(&self) -> &[u16];
}

/// [`Metered`] for games with an inherent `play_metered` and a board;
/// `$relays` says whether a game relays.
macro_rules! metered {
    ($($game:ty => $relays:expr),* $(,)?) => {$(
        impl Metered for $game {
            fn relays(&self) -> bool {
                let relays: fn(&$game) -> bool = $relays;
                relays(self)
            }
            fn play_metered(&mut self, mv: Self::Move, meter: &Meter) -> Result<(), String> {
                <$game>::play_metered(self, mv, meter)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
            fn holes(&self) -> &[u16] {
                self.board().holes()
            }
        }
    )*};
}

metered!(
    Mancala => |g| g.rules().relay != Relay::Never,
    numercy::Numercy => |_| true,
    mankka::Mankka => |_| true,
);

/// [`Metered`] for games that never relay, or whose relays are bounded by
/// the game itself rather than a budget (the matches of rounds, within
/// [`MAX_RELAY_SEEDS`](mancala_core::rounds::MAX_RELAY_SEEDS), and the
/// games on four rows, within
/// [theirs](mancala_core::four_rows::MAX_RELAY_SEEDS)): played
/// without a meter.
macro_rules! unmetered {
    ($($game:ty),* $(,)?) => {$(
        impl Metered for $game {
            fn relays(&self) -> bool {
                false
            }
            fn play_metered(&mut self, mv: Self::Move, _: &Meter) -> Result<(), String> {
                Game::play(self, mv).map(|_| ()).map_err(|e| e.to_string())
            }
            fn holes(&self) -> &[u16] {
                &[]
            }
        }
    )*};
}

unmetered!(
    robertson::Robertson,
    numa::Numa,
    mancala_core::toguz::ToguzKumalak,
    mancala_core::rounds::RoundGame,
    mancala_core::four_rows::FourRowGame,
);

/// The boards measured beside the registry's games at their defaults: a
/// name, the game and its options text.
const BOARDS: [(&str, &str, &str); 3] = [
    ("numercy-2x6", "numercy", "holes=6"),
    ("mankka-one", "mankka", "variant=one"),
    ("en-gehe 2x50", "en-gehe", "houses=50"),
];

/// [`measure`] of the game `game` of the registry under `options`, named
/// `name`, if its moves relay.
fn measure_game(
    name: &str,
    (game, options): (&str, &str),
    games: (u64, u64),
    seed: u64,
) -> Result<Option<f64>, String> {
    let start = AnyGame::new(game, options).map_err(|e| format!("{name}: {e}"))?;
    mancala_engine::each_game!(&start, g => {
        if !g.relays() {
            return Ok(None);
        }
        let n = if g.long() { games.1 } else { games.0 };
        measure(name, g, n, seed)
    })
}

/// Plays `games` random games from `start`, each call under a meter of no
/// limit, and prints the longest call; `Err` if a legal move was refused.
/// Returns the rate at which the longest call decided relays (seeds a
/// second, timed over repeats of it), if it spent any.
fn measure<G: Metered>(name: &str, start: &G, games: u64, seed: u64) -> Result<Option<f64>, String>
where
    G::Move: std::fmt::Debug,
{
    let mut rng = SplitMix::new(seed);
    let mut longest: Option<Longest<G>> = None;
    let mut calls = 0u64;
    let clock = Instant::now();
    for _ in 0..games {
        let mut game = start.clone();
        let mut plies = 0;
        while let Some(player) = game.to_move() {
            // Random games of I can go round for ever (its rules have no end
            // for a cycle).
            plies += 1;
            if plies > MAX_PLIES {
                break;
            }
            let actions = game.legal_actions(player);
            if actions.as_ref().is_empty() {
                break;
            }
            let action = actions.as_ref()[rng.below(actions.as_ref().len())];
            let mv = game
                .joint_move(&[(player, action)])
                .map_err(|e| format!("{name}: {e}"))?;
            let before = game.clone();
            let meter = Meter::new(Budget::UNLIMITED);
            game.play_metered(mv.clone(), &meter)
                .map_err(|e| format!("{name}: a legal move was refused: {e}"))?;
            calls += 1;
            if meter.spent() > longest.as_ref().map_or(0, |l| l.seeds) {
                longest = Some(Longest {
                    seeds: meter.spent(),
                    before,
                    mv,
                });
            }
        }
    }
    let took = clock.elapsed().as_secs_f64();
    let Some(longest) = longest else {
        println!(
            "{name}: {games} games, {calls} calls, longest call 0 seeds (every move within the free laps) ({took:.1} s)"
        );
        return Ok(None);
    };
    let default = Budget::DEFAULT.limit().unwrap_or(u64::MAX);
    // The longest call again, timed over enough repeats to read.
    let (mut repeats, timer) = (0u64, Instant::now());
    while repeats == 0 || timer.elapsed().as_secs_f64() < 0.2 {
        let mut game = longest.before.clone();
        game.play_metered(longest.mv.clone(), &Meter::new(Budget::UNLIMITED))?;
        repeats += 1;
    }
    let per_call = timer.elapsed().as_secs_f64() / repeats as f64;
    let rate = longest.seeds as f64 / per_call;
    println!(
        "{name}: {games} games, {calls} calls, longest call {} seeds ({:.1} x within the default; {:.1} ms, {:.0} M seeds/s): {:?}, {:?} plays {:?} ({took:.1} s)",
        longest.seeds,
        default as f64 / longest.seeds as f64,
        per_call * 1e3,
        rate / 1e6,
        longest.before.holes(),
        longest.before.to_move(),
        longest.mv,
    );
    Ok(Some(rate))
}

/// Oware's sowing (origin sown into) relaying at 2 on `layout`.
fn relay_at_two(layout: Layout) -> Rules {
    let mut rules = Rules::oware();
    rules.layout = layout;
    rules.relay = Relay::AtLeast(2);
    rules.sowing.skip_origin = false;
    rules
}

/// Reads `setup` under the default budget and prints what the refusal
/// cost; `Err` if it was not refused as undecided.
fn rate(name: &str, setup: Setup) -> Result<f64, String> {
    let clock = Instant::now();
    let read = Mancala::from_setup(setup);
    let took = clock.elapsed().as_secs_f64();
    match read {
        Err(SetupError::Undecided(_)) => {}
        other => return Err(format!("{name}: not refused as undecided: {other:?}")),
    }
    let seeds = Budget::DEFAULT.limit().unwrap_or(0) as f64;
    let per_second = seeds / took;
    println!(
        "rate {name}: refused in {:.0} ms, {:.0} M seeds/s",
        took * 1e3,
        per_second / 1e6
    );
    Ok(per_second)
}

/// Plays random games from `start` (at most 1,000) under the default
/// budget until a call is refused, and prints how long the refusal took;
/// the rate at which it spent the budget, if one was found.
fn refusal_in_play(name: &str, start: &Mancala, seed: u64) -> Option<f64> {
    let mut rng = SplitMix::new(seed);
    for _ in 0..1_000 {
        let mut game = start.clone();
        for _ in 0..MAX_PLIES {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let clock = Instant::now();
            let refused = game.play(mv).is_err();
            let took = clock.elapsed().as_secs_f64();
            if refused {
                let per_second = Budget::DEFAULT.limit().unwrap_or(0) as f64 / took;
                println!(
                    "rate {name}: a call of random play refused in {:.0} ms, {:.0} M seeds/s ({:?}, {mv})",
                    took * 1e3,
                    per_second / 1e6,
                    game.board().holes()
                );
                return Some(per_second);
            }
        }
    }
    println!("rate {name}: no call of 1,000 random games was refused");
    None
}

/// The rates of refusals of the known slow positions: the slowest.
fn rates() -> Result<f64, String> {
    let mut slowest = f64::INFINITY;
    for (name, board) in [
        (
            "2x6 of 72 seeds, hole 4",
            [11, 14, 2, 3, 9, 2, 1, 7, 2, 14, 6, 1],
        ),
        (
            "2x6 of 72 seeds, hole 0",
            [9, 2, 1, 7, 2, 14, 6, 1, 11, 14, 2, 3],
        ),
    ] {
        let mut setup = Setup::new(relay_at_two(Layout::two_rows(6)));
        setup.board = board.to_vec();
        setup.stores = vec![0, 0];
        slowest = slowest.min(rate(name, setup)?);
    }
    // Numercy's reading of the same 2x6 position.
    let text = "9,2,1,7,2,14/6,1,11,14,2,3 0,0 0 holes=6 relay_at=2";
    let clock = Instant::now();
    let read = text.parse::<numercy::Numercy>();
    let took = clock.elapsed().as_secs_f64();
    if read.is_ok() {
        return Err("numercy: the slow position was built".into());
    }
    let per_second = Budget::DEFAULT.limit().unwrap_or(0) as f64 / took;
    slowest = slowest.min(per_second);
    println!(
        "rate numercy 2x6 of 72 seeds: refused in {:.0} ms, {:.0} M seeds/s",
        took * 1e3,
        per_second / 1e6
    );
    Ok(slowest)
}

fn run(games: u64, long_games: u64, seed: u64) -> Result<(), String> {
    let mut slowest = rates()?;
    let mut slowest_of = |rate: Option<f64>| {
        if let Some(rate) = rate {
            slowest = slowest.min(rate);
        }
    };
    // Every game of the registry that relays, then the other boards.
    let boards = mancala_engine::GAMES
        .iter()
        .map(|g| (g.name, g.name, ""))
        .chain(BOARDS);
    for (name, game, options) in boards {
        slowest_of(measure_game(
            name,
            (game, options),
            (games, long_games),
            seed,
        )?);
    }
    // A board the lanes do not hold (2x12, so seeds count three times):
    // French Wari's rules with 5 seeds a hole reach calls past the default
    // in random play; the first such refusal, timed.
    let wide = Mancala::new(Rules::french_wari().with_houses(12).with_seeds(5))
        .map_err(|e| e.to_string())?;
    slowest_of(refusal_in_play("french-wari 2x12 of 5 seeds", &wide, seed));
    println!(
        "default budget {}: a refused call at the slowest rate seen ({:.0} M seeds/s) takes {:.0} ms",
        Budget::DEFAULT,
        slowest / 1e6,
        Budget::DEFAULT.limit().unwrap_or(0) as f64 / slowest * 1e3
    );
    Ok(())
}

/// The work budget measured: its rate, what a refused call costs, and the
/// most work a call takes in random play of each relaying preset.
#[derive(Clone, Debug, Parser)]
#[command(name = "laps")]
pub struct LapsArgs {
    /// Random games of each preset on a board of at most 2x7.
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// Random games of each of the longer boards (2x40, 2x50).
    #[arg(long, default_value_t = 10_000)]
    pub long_games: u64,
    /// The seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The `laps` command.
pub fn main_with(args: &LapsArgs) -> ExitCode {
    match run(args.games, args.long_games, args.seed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("laps: {message}");
            ExitCode::FAILURE
        }
    }
}
