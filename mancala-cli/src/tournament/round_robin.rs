//! The games of a tournament: each agent as a player of the game, and the
//! round robin they play into [`Standings`].

use std::io::Write;
use std::time::Instant;

use mancala_core::{Game, Outcome, Player, Status};

use super::{
    AgentKind, AgentSpec, DEFAULT_NODES, MAX_PLIES, Standings, TournamentArgs, TournamentError,
};
use crate::ratings::{Crosstable, GameResult};
use mancala_engine::agents::{Openings, SequentialAgent};
use mancala_engine::mcts::Mcts;
use mancala_engine::{Limits, Memory, NUMA_ROUNDS, Registered, Rng};

/// A player of any game: `player`'s action now, `None` if he has none.
type Agent<G> = Box<dyn FnMut(&G, Player) -> Option<<G as Game>::Action>>;

/// An agent of the tournament: what it is, and a fresh player of it for
/// each game, from that game's seed.
pub(super) struct Entrant<G: Game> {
    description: String,
    make: Box<dyn Fn(u64) -> Agent<G>>,
}

impl<G: Game> Entrant<G> {
    /// The agent `description` says, played by what `make` makes from a
    /// game's seed.
    fn new(description: impl Into<String>, make: impl Fn(u64) -> Agent<G> + 'static) -> Self {
        Entrant {
            description: description.into(),
            make: Box::new(make),
        }
    }
}

/// The agents of any game, all in this one function: what each name
/// means, in a sequential game and in simultaneous turns (Numa), and the
/// refusal of MCTS where the turns are simultaneous. `search` is the
/// game's computer player ([`Registered::computer`]), the one every face
/// asks.
pub(super) fn entrant<G: Registered>(
    spec: AgentSpec,
    args: &TournamentArgs,
    simultaneous: bool,
) -> Result<Entrant<G>, String> {
    Ok(match spec.kind {
        AgentKind::Random => {
            let words = if simultaneous {
                "uniformly random choices"
            } else {
                "uniformly random legal moves"
            };
            Entrant::new(words, |seed| {
                let mut rng = Rng::new(seed);
                Box::new(move |game: &G, p| {
                    let actions = game.legal_actions(p);
                    actions.get(rng.below(actions.len())).copied()
                })
            })
        }
        AgentKind::Greedy => {
            let words = if simultaneous {
                "the best average score against a random choice"
            } else {
                "the best score right after the move"
            };
            Entrant::new(words, |_| Box::new(|game: &G, p| game.greedy(p)))
        }
        AgentKind::Search => {
            let nodes = spec.budget.or(args.nodes).unwrap_or(DEFAULT_NODES);
            let words = if simultaneous {
                format!(
                    "the computer player: regret matching over the turn's matrix game, \
                     {NUMA_ROUNDS} rounds a turn (a budget does not apply)"
                )
            } else {
                format!(
                    "the computer player: alpha-beta, {nodes} positions a move (on Kalah \
                     boards the Kalah solver's search)"
                )
            };
            let limits = Limits::nodes(nodes);
            // Each game's player keeps his own memory from move to move.
            Entrant::new(words, move |_| {
                let limits = limits.clone();
                let mut memory = Memory::default();
                Box::new(move |game: &G, p| {
                    game.computer(p, &limits, Some(&mut memory), &mut |_| {})
                        .ok()
                        .flatten()
                        .map(|found| found.best)
                })
            })
        }
        AgentKind::Mcts if simultaneous => {
            return Err(format!(
                "`{spec}` plays sequential games only: Numa's turns are simultaneous \
                 (its agents are random, greedy and search, a simultaneous-move search)"
            ));
        }
        AgentKind::Mcts => {
            let iterations = spec.budget.unwrap_or(args.iterations);
            Entrant::new(
                format!("UCT with random playouts, {iterations} a move"),
                move |seed| {
                    let mut agent = Mcts::new(seed, iterations);
                    Box::new(move |game: &G, _| agent.choose(game))
                },
            )
        }
    })
}

/// The labels of the agents: the names as typed, the k-th of a name
/// numbered `#k`.
pub(super) fn labels(agents: &[AgentSpec]) -> Vec<String> {
    agents
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let name = spec.to_string();
            let earlier = agents[..i].iter().filter(|s| s.to_string() == name).count();
            if earlier == 0 {
                name
            } else {
                format!("{name}#{}", earlier + 1)
            }
        })
        .collect()
}

/// SplitMix64's finaliser: a well-mixed seed from any number.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// How one game went: the outcome, the final scores by seat, and whether
/// the game ended by its rules.
type Played = (Outcome, [u64; 2], bool);

/// One game from `game`, `seats[s]` playing seat `s`.
fn play_game<G: Game>(mut game: G, seats: &mut [Agent<G>; 2]) -> Result<Played, String> {
    for _ in 0..MAX_PLIES {
        let players = game.status().acting();
        if players.is_empty() {
            break;
        }
        let mut choices = Vec::with_capacity(players.len());
        for p in players.iter() {
            let agent = seats
                .get_mut(p.index())
                .ok_or_else(|| format!("seat {} has no agent", p.index()))?;
            let action =
                agent(&game, p).ok_or_else(|| format!("seat {} found no move", p.index()))?;
            choices.push((p, action));
        }
        game.joint_move(&choices)
            .and_then(|mv| game.play(mv))
            .map_err(|e| format!("the agents' move was refused: {e}"))?;
    }
    let scores = game.scores();
    let score = |s: usize| scores.as_slice().get(s).copied().unwrap_or(0);
    let (outcome, finished) = match game.status() {
        Status::Over(o) => (o, true),
        _ => (Outcome::from_scores(scores.as_slice()), false),
    };
    Ok((outcome, [score(0), score(1)], finished))
}

/// The openings every pairing plays, drawn from `start` as `args` ask.
fn openings<G: Game>(start: &G, args: &TournamentArgs) -> Result<Vec<G>, TournamentError> {
    let per_opening = 2;
    let openings_count = args.games / per_opening;
    let mut draws = Openings::new(args.seed, args.opening);
    (0..openings_count)
        .map(|k| {
            draws.next(start).ok_or(TournamentError::NoOpening {
                found: k,
                wanted: openings_count,
                plies: args.opening,
            })
        })
        .collect()
}

impl Standings {
    /// Adds a game `order[0]` played in the first seat against `order[1]`.
    fn add_game(&mut self, order: [usize; 2], played: Played) -> Result<(), TournamentError> {
        let (outcome, scores, finished) = played;
        let result = match outcome {
            Outcome::Draw => GameResult::Draw,
            Outcome::Winner(p) if p.index() == 0 => GameResult::Win,
            Outcome::Winner(_) => GameResult::Loss,
        };
        self.table
            .add(order[0], order[1], result)
            .map_err(|e| TournamentError::Game(e.to_string()))?;
        self.first_seat[order[0]][order[1]] += 1;
        self.final_scores[order[0]] += scores[0];
        self.final_scores[order[1]] += scores[1];
        self.unfinished += u32::from(!finished);
        Ok(())
    }
}

/// The round robin of `entrants` on `start`, as `args` ask.
fn round_robin<G: Game>(
    start: &G,
    entrants: &[Entrant<G>],
    labels: &[String],
    args: &TournamentArgs,
    progress: &mut dyn Write,
) -> Result<Standings, TournamentError> {
    let n = entrants.len();
    let openings = openings(start, args)?;
    let mut standings = Standings {
        labels: labels.to_vec(),
        descriptions: entrants.iter().map(|e| e.description.clone()).collect(),
        table: Crosstable::new(n),
        first_seat: vec![vec![0; n]; n],
        final_scores: vec![0; n],
        unfinished: 0,
        openings: openings.len() as u32,
    };
    let mut pairing = 0u64;
    for a in 0..n {
        for b in a + 1..n {
            pairing += 1;
            let clock = Instant::now();
            for (k, opening) in openings.iter().enumerate() {
                for swap in [false, true] {
                    // seat 0 is `order[0]`.
                    let order = if swap { [b, a] } else { [a, b] };
                    let seed =
                        mix(mix(mix(args.seed) ^ pairing) ^ (2 * k as u64 + u64::from(swap)));
                    let mut seats = [
                        (entrants[order[0]].make)(mix(seed ^ 1)),
                        (entrants[order[1]].make)(mix(seed ^ 2)),
                    ];
                    let played = play_game(opening.clone(), &mut seats).map_err(|e| {
                        TournamentError::Game(format!(
                            "{} against {}, opening {k}: {e}",
                            labels[order[0]], labels[order[1]]
                        ))
                    })?;
                    standings.add_game(order, played)?;
                }
            }
            let record = standings.table.record(a, b).unwrap_or_default();
            // Progress is a courtesy: a closed stderr does not stop the
            // tournament.
            let _ = writeln!(
                progress,
                "{}: {} {} {} ({:.1} s)",
                args.game.name(),
                labels[a],
                record.points_text(),
                labels[b],
                clock.elapsed().as_secs_f64()
            );
        }
    }
    Ok(standings)
}

/// Builds the agents of one game and plays the round robin.
pub(super) fn tournament<G: Registered>(
    start: &G,
    simultaneous: bool,
    args: &TournamentArgs,
    progress: &mut dyn Write,
) -> Result<Standings, TournamentError> {
    let labels = labels(&args.agents);
    let entrants = args
        .agents
        .iter()
        .map(|&spec| entrant(spec, args, simultaneous))
        .collect::<Result<Vec<_>, _>>()
        .map_err(TournamentError::Usage)?;
    round_robin(start, &entrants, &labels, args, progress)
}
