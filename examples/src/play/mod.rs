//! The interactive player behind `cargo run --example play`: a human (or
//! several, or nobody) against the search agent, on any game of the
//! workspace.
//!
//! The game loop is [`run`], which reads commands from any [`BufRead`] and
//! writes to any [`Write`], so it can be tested without a terminal.

use std::fmt::Display;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use clap::{Parser, ValueEnum};
use mancala_core::{Game, Mancala, Outcome, Player, Status};
use mankka::Mankka;
use numa::Numa;
use numercy::Numercy;
use robertson::Robertson;

use crate::agents::{AlphaBeta, NumaAgent, RegretMatching, SequentialAgent};

/// Plies (turns in Numa) after which a game is stopped and scored as it
/// stands.
pub const MAX_PLIES: usize = 2_000;
/// Regret-matching rounds per Numa turn for the computer.
const NUMA_ITERATIONS: u32 = 200;

/// The games `play` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Oware (abapa), two rows of six.
    Oware,
    /// Kalah, two rows of six with stores and extra turns.
    Kalah,
    /// Numercy: sowing with an operator row (see --holes).
    Numercy,
    /// Robertson's game (see --layout).
    Robertson,
    /// Mankka (see --variant); opens with placements such as `1+1+1+1+1+1`.
    Mankka,
    /// Numa: simultaneous choices like `pentagon-red+square-blue`.
    Numa,
}

/// Robertson's board layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Layout {
    /// Two rows of six, two players.
    TwoRow,
    /// Three rows of six, three players.
    Triangle,
    /// Six rows of six, two players with three rows each.
    Hexagon,
}

/// Mankka's variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Variant {
    /// Mankka One.
    One,
    /// Mankka Two.
    Two,
}

/// Play a mancala game against the computer, or watch it play itself.
///
/// At your turn type a hole number (Mankka: also a placement `1+1+1+1+1+1`
/// or `pass`; Numa: a choice like `pentagon-red+square-blue`), `undo` (back to
/// your previous move), `hint` (the computer's suggestion) or `quit`.
#[derive(Clone, Debug, Parser)]
#[command(name = "play")]
pub struct PlayArgs {
    /// The game.
    #[arg(value_enum, default_value_t = GameName::Oware)]
    pub game: GameName,
    /// Computer against computer.
    #[arg(long, conflicts_with = "humans")]
    pub auto: bool,
    /// Humans take turns at every seat.
    #[arg(long)]
    pub humans: bool,
    /// Random seed (Numa's computer players; Numercy's operator row with
    /// --holes).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The search's node budget per move.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Numercy: holes in each row (2..=13).
    #[arg(long)]
    pub holes: Option<u8>,
    /// Robertson: the board layout.
    #[arg(long, value_enum, default_value_t = Layout::TwoRow)]
    pub layout: Layout,
    /// Mankka: the variant.
    #[arg(long, value_enum, default_value_t = Variant::Two)]
    pub variant: Variant,
    /// Any rule option by its key in TRACES.md, as KEY=VALUE (repeatable;
    /// VALUE is JSON or a bare word), e.g. `--option grand_slam=forbid`,
    /// `--option seeds=5`, `--option 'operators=["x","x","x","x","x","x","x"]'`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

/// Why an `--option` argument is refused (before the game reads it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionArgError {
    /// The argument has no `=`.
    #[error("--option takes KEY=VALUE, not `{0}`")]
    NoValue(String),
    /// Nothing (or only spaces) before the `=`.
    #[error("--option `{0}` has no key before `=`")]
    NoKey(String),
    /// Two `--option`s name the same key.
    #[error("--option `{0}` is given twice")]
    Twice(String),
}

/// Reads one `--option KEY=VALUE` argument: the key (spaces around it
/// dropped) and the value, read as JSON if it is JSON (`5`, `true`,
/// `["x","+"]`), else as the bare word, spaces around it dropped
/// (`forbid`). Splits at the first `=`, so a value may hold `=`.
///
/// # Errors
///
/// [`OptionArgError::NoValue`] without `=`, [`OptionArgError::NoKey`]
/// with nothing before it.
///
/// # Examples
///
/// ```
/// use mancala_examples::play::{OptionArgError, parse_option};
/// use serde_json::json;
///
/// assert_eq!(parse_option("seeds=5"), Ok(("seeds".into(), json!(5))));
/// assert_eq!(parse_option("grand_slam = forbid"), Ok(("grand_slam".into(), json!("forbid"))));
/// assert_eq!(parse_option("seeds"), Err(OptionArgError::NoValue("seeds".into())));
/// assert_eq!(parse_option("=5"), Err(OptionArgError::NoKey("=5".into())));
/// ```
pub fn parse_option(pair: &str) -> Result<(String, serde_json::Value), OptionArgError> {
    let (key, value) = pair
        .split_once('=')
        .ok_or_else(|| OptionArgError::NoValue(pair.to_string()))?;
    let key = key.trim();
    if key.is_empty() {
        return Err(OptionArgError::NoKey(pair.to_string()));
    }
    let value = serde_json::from_str(value)
        .unwrap_or_else(|_| serde_json::Value::String(value.trim().to_string()));
    Ok((key.to_string(), value))
}

/// Reads every `--option` argument into a trace's `options` object
/// ([`parse_option`] each, in order).
///
/// # Errors
///
/// The first argument's [`OptionArgError`], or
/// [`OptionArgError::Twice`] for a key given again.
pub fn parse_options(
    pairs: &[String],
) -> Result<serde_json::Map<String, serde_json::Value>, OptionArgError> {
    let mut map = serde_json::Map::new();
    for pair in pairs {
        let (key, value) = parse_option(pair)?;
        if map.contains_key(&key) {
            return Err(OptionArgError::Twice(key));
        }
        map.insert(key, value);
    }
    Ok(map)
}

/// The `--option` pairs as a trace's `options` object, with the shortcut
/// options (`--holes`, `--layout`, `--variant`) filled in where not given.
fn option_map(args: &PlayArgs) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    use serde_json::Value;
    let mut map = serde_json::Map::new();
    match args.game {
        GameName::Numercy => {
            if let Some(holes) = args.holes {
                map.insert("holes".into(), Value::from(holes));
            }
            // Every game of `play` must end.
            map.insert("repetition".into(), Value::Bool(true));
        }
        GameName::Robertson => {
            let layout = match args.layout {
                Layout::TwoRow => "two-row",
                Layout::Triangle => "triangle",
                Layout::Hexagon => "hexagon",
            };
            map.insert("layout".into(), Value::from(layout));
        }
        GameName::Mankka => {
            let variant = match args.variant {
                Variant::One => "one",
                Variant::Two => "two",
            };
            map.insert("variant".into(), Value::from(variant));
        }
        _ => {}
    }
    let given = parse_options(&args.options).map_err(|e| e.to_string())?;
    map.extend(given);
    Ok(map)
}

impl PlayArgs {
    fn is_human(&self, p: Player) -> bool {
        !self.auto && (self.humans || p.index() == 0)
    }
}

/// A computer player: `player`'s action in `game`, or `None` if he has none.
type Computer<'a, G> = Box<dyn FnMut(&G, Player) -> Option<<G as Game>::Action> + 'a>;

/// The search agent as a [`Computer`] for a sequential game.
fn searcher<'a, G: Game + 'a>(nodes: u64) -> Computer<'a, G> {
    let mut search = AlphaBeta::new(nodes);
    Box::new(move |game: &G, _p| search.choose(game))
}

/// Regret matching as Numa's [`Computer`].
fn numa_player<'a>(seed: u64) -> Computer<'a, Numa> {
    let mut agent = RegretMatching::new(seed, NUMA_ITERATIONS);
    Box::new(move |game: &Numa, p| Some(agent.choose(game, p)))
}

/// Plays one game as `args` ask, reading commands from `input` and writing
/// everything to `output`. End of input ends the game quietly.
///
/// # Errors
///
/// Only the errors of reading `input` or writing `output`.
pub fn run(args: &PlayArgs, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let out = &mut output;
    let input = &mut input;
    let map = match option_map(args) {
        Ok(map) => map,
        Err(e) => return writeln!(out, "invalid options: {e}"),
    };
    let nodes = args.nodes;
    match args.game {
        GameName::Oware | GameName::Kalah => {
            let base = if args.game == GameName::Oware {
                mancala_core::Rules::oware()
            } else {
                mancala_core::Rules::kalah()
            };
            match crate::sowing_driver::rules_from(base, &map)
                .and_then(|rules| Mancala::new(rules).map_err(|e| e.to_string()))
            {
                Ok(game) => play_game(args, game, searcher(nodes), searcher(nodes), input, out),
                Err(e) => writeln!(out, "invalid options: {e}"),
            }
        }
        GameName::Numercy => {
            let options = crate::conformance::options_from(numercy::Options::default(), &map).map(
                |options| {
                    if args.holes.is_some() && !map.contains_key("operators") {
                        options.random_row(args.seed, &[])
                    } else {
                        options
                    }
                },
            );
            match options.and_then(|o| Numercy::new(o).map_err(|e| e.to_string())) {
                Ok(game) => play_game(args, game, searcher(nodes), searcher(nodes), input, out),
                Err(e) => writeln!(out, "invalid options: {e}"),
            }
        }
        GameName::Robertson => {
            match crate::conformance::options_from(robertson::Options::default(), &map)
                .and_then(|o| Robertson::new(o).map_err(|e| e.to_string()))
            {
                Ok(game) => play_game(args, game, searcher(nodes), searcher(nodes), input, out),
                Err(e) => writeln!(out, "invalid options: {e}"),
            }
        }
        GameName::Mankka => {
            match crate::conformance::options_from(mankka::Options::default(), &map)
                .and_then(|o| Mankka::new(o).map_err(|e| e.to_string()))
            {
                Ok(game) => play_game(args, game, searcher(nodes), searcher(nodes), input, out),
                Err(e) => writeln!(out, "invalid options: {e}"),
            }
        }
        GameName::Numa => {
            match crate::conformance::options_from(numa::Options::default(), &map)
                .and_then(|o| Numa::new(o).map_err(|e| e.to_string()))
            {
                Ok(game) => {
                    let computer = {
                        let (mut arabic, mut roman) = (
                            numa_player(args.seed),
                            numa_player(args.seed.wrapping_add(0x9e37_79b9)),
                        );
                        Box::new(move |game: &Numa, p: Player| {
                            if p == Player::P0 {
                                arabic(game, p)
                            } else {
                                roman(game, p)
                            }
                        })
                    };
                    let adviser = numa_player(args.seed.wrapping_add(7));
                    play_game(args, game, computer, adviser, input, out)
                }
                Err(e) => writeln!(out, "invalid options: {e}"),
            }
        }
    }
}

/// Reads one line, trimmed; `None` at end of input.
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

fn scores_line<G: Game>(game: &G) -> String {
    let parts: Vec<String> = game
        .scores()
        .iter()
        .map(|(p, s)| format!("{p} {s}"))
        .collect();
    format!("scores: {}", parts.join(", "))
}

fn result_line(outcome: Option<Outcome>, scores: &[u64]) -> String {
    let parts: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("player {i} {s}"))
        .collect();
    let what = match outcome {
        Some(Outcome::Winner(p)) => format!("{p} wins"),
        Some(Outcome::Draw) => "a draw".into(),
        None => "unfinished".into(),
    };
    format!("Result: {what} ({}).", parts.join(", "))
}

/// What a human typed.
enum Command<M> {
    Quit,
    Undo,
    Hint,
    Move(M),
    Empty,
}

fn command<M>(
    text: &str,
    parse: impl FnOnce(&str) -> Result<M, String>,
) -> Result<Command<M>, String> {
    Ok(match text {
        "quit" | "q" => Command::Quit,
        "undo" => Command::Undo,
        "hint" => Command::Hint,
        "" => Command::Empty,
        _ => Command::Move(parse(text)?),
    })
}

/// The legal actions of `p`, listed when there are few.
fn legal_list<G: Game>(game: &G, p: Player) -> String
where
    G::Action: Display,
{
    let legal: Vec<String> = game
        .legal_actions(p)
        .iter()
        .map(ToString::to_string)
        .collect();
    if legal.len() > 8 {
        format!("{} choices", legal.len())
    } else {
        legal.join(", ")
    }
}

/// What one turn's players chose, or why the game loop stops.
enum Turn<A> {
    Chosen(Vec<(Player, A)>),
    Undo,
    Stop,
}

/// Asks every acting player for his action: the computer's players choose at
/// once; a human types his (hidden from the others in a simultaneous turn).
#[allow(clippy::too_many_arguments)]
fn choose<G>(
    args: &PlayArgs,
    game: &G,
    acting: &[Player],
    computer: &mut Computer<'_, G>,
    adviser: &mut Computer<'_, G>,
    can_undo: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Turn<G::Action>>
where
    G: Game,
    G::Action: Display + FromStr,
    <G::Action as FromStr>::Err: Display,
{
    let simultaneous = acting.len() > 1;
    let mut choices = Vec::new();
    for &p in acting {
        if !args.is_human(p) {
            match computer(game, p) {
                Some(a) => choices.push((p, a)),
                None => {
                    writeln!(out, "{p} has no move.")?;
                    return Ok(Turn::Stop);
                }
            }
            continue;
        }
        loop {
            if simultaneous {
                write!(
                    out,
                    "{p}, your choice (hidden until all chose; or undo, hint, quit): "
                )?;
            } else {
                write!(
                    out,
                    "{p} to move [{}] (or undo, hint, quit): ",
                    legal_list(game, p)
                )?;
            }
            out.flush()?;
            let Some(line) = read_line(input)? else {
                writeln!(out, "\nEnd of input.")?;
                return Ok(Turn::Stop);
            };
            match command(&line, |t| t.parse::<G::Action>().map_err(|e| e.to_string())) {
                Err(msg) => writeln!(out, "error: {msg}")?,
                Ok(Command::Quit) => {
                    writeln!(out, "Quit.")?;
                    return Ok(Turn::Stop);
                }
                Ok(Command::Undo) if can_undo => return Ok(Turn::Undo),
                Ok(Command::Undo) => writeln!(out, "error: nothing to undo")?,
                Ok(Command::Hint) => match adviser(game, p) {
                    Some(a) => writeln!(out, "hint: {a}")?,
                    None => writeln!(out, "hint: no move")?,
                },
                Ok(Command::Empty) => {}
                Ok(Command::Move(action)) => {
                    // A sequential move is checked at once, with the
                    // library's own message; a simultaneous choice only
                    // against the legal choices.
                    let refusal = if simultaneous {
                        (!game.legal_actions(p).contains(&action))
                            .then(|| format!("{action} is not a legal choice"))
                    } else {
                        game.joint_move(&[(p, action)])
                            .and_then(|mv| game.clone().play(mv))
                            .err()
                            .map(|e| e.to_string())
                    };
                    match refusal {
                        Some(e) => writeln!(out, "error: {e}")?,
                        None => {
                            choices.push((p, action));
                            break;
                        }
                    }
                }
            }
        }
    }
    Ok(Turn::Chosen(choices))
}

/// The game loop for any game of the family, sequential or simultaneous,
/// through the [`Game`] trait: draws the board (`{:#}`), asks the acting
/// players, plays their move and says what it did (the move's report).
fn play_game<G>(
    args: &PlayArgs,
    mut game: G,
    mut computer: Computer<'_, G>,
    mut adviser: Computer<'_, G>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<()>
where
    G: Game + Display,
    G::Action: Display + FromStr,
    <G::Action as FromStr>::Err: Display,
    G::Report: Display,
{
    let mut history: Vec<G> = Vec::new();
    let mut plies = 0;
    loop {
        let acting: Vec<Player> = match game.status() {
            Status::Over(_) => break,
            Status::ToMove(p) => vec![p],
            Status::Simultaneous(set) => set.iter().collect(),
        };
        if plies >= MAX_PLIES {
            writeln!(out, "Stopped after {MAX_PLIES} moves.")?;
            break;
        }
        writeln!(out, "\n{game:#}\n{}", scores_line(&game))?;
        let choices = match choose(
            args,
            &game,
            &acting,
            &mut computer,
            &mut adviser,
            !history.is_empty(),
            input,
            out,
        )? {
            Turn::Stop => return Ok(()),
            Turn::Undo => {
                if let Some(previous) = history.pop() {
                    game = previous;
                }
                writeln!(out, "Undone.")?;
                continue;
            }
            Turn::Chosen(choices) => choices,
        };
        let before = game.clone();
        let played = game.joint_move(&choices).and_then(|mv| game.play(mv));
        match played {
            Ok(report) => {
                if choices.iter().any(|&(p, _)| args.is_human(p)) {
                    history.push(before);
                }
                plies += 1;
                let said: Vec<String> = choices
                    .iter()
                    .map(|(p, a)| {
                        let who = if args.is_human(*p) { "" } else { " (computer)" };
                        if acting.len() > 1 {
                            format!("{p}{who} chose {a}")
                        } else {
                            format!("{p}{who} plays {a}")
                        }
                    })
                    .collect();
                writeln!(out, "{}\n  {report}", said.join(", "))?;
            }
            Err(e) => {
                writeln!(out, "the move was refused: {e}")?;
                break;
            }
        }
    }
    let scores = game.scores();
    writeln!(
        out,
        "\n{game:#}\n{}",
        result_line(game.outcome(), scores.as_slice())
    )
}
