//! The interactive player behind `cargo run --example play`: a human (or
//! several, or nobody) against the search agent, on any game of the
//! workspace.
//!
//! The game loop is [`run`], which reads commands from any [`BufRead`] and
//! writes to any [`Write`], so it can be tested without a terminal.

use std::fmt::Display;
use std::io::{self, BufRead, Write};

use clap::{Parser, ValueEnum};
use mancala_core::{Game, Mancala, Outcome, Pit, Player, Status};
use mankka::{Mankka, Placement, SIDE};
use numa::{Choice, JointMove, Numa};
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
    /// Mankka (see --variant); opens with placements: `place 1 1 1 1 1 1`.
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
/// At your turn type a hole number (Mankka: also `place 1 1 1 1 1 1` or
/// `pass`; Numa: a choice like `pentagon-red+square-blue`), `undo` (back to
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
    for pair in &args.options {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("--option takes KEY=VALUE, not `{pair}`"))?;
        let value =
            serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_string()));
        map.insert(key.trim().to_string(), value);
    }
    Ok(map)
}

impl PlayArgs {
    fn is_human(&self, p: Player) -> bool {
        !self.auto && (self.humans || p.index() == 0)
    }
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
    match args.game {
        GameName::Oware | GameName::Kalah => {
            let base = if args.game == GameName::Oware {
                mancala_core::Rules::oware()
            } else {
                mancala_core::Rules::kalah()
            };
            let game = crate::sowing_driver::rules_from(base, &map)
                .and_then(|rules| Mancala::new(rules).map_err(|e| e.to_string()));
            match game {
                Ok(game) => sequential(
                    args,
                    game,
                    &draw_mancala,
                    &parse_pit,
                    &describe_mancala,
                    input,
                    out,
                ),
                Err(e) => writeln!(out, "invalid options: {e}"),
            }
        }
        GameName::Numercy => {
            let options = crate::numercy_driver::options_from(&map).map(|options| {
                if args.holes.is_some() && !map.contains_key("operators") {
                    options.random_row(args.seed, &[])
                } else {
                    options
                }
            });
            match options.and_then(|o| Numercy::new(o).map_err(|e| e.to_string())) {
                Ok(game) => sequential(
                    args,
                    game,
                    &draw_numercy,
                    &parse_pit,
                    &describe_numercy,
                    input,
                    out,
                ),
                Err(e) => writeln!(out, "invalid options: {e}"),
            }
        }
        GameName::Robertson => {
            let game = crate::robertson_driver::options_from(&map)
                .and_then(|o| Robertson::new(o).map_err(|e| e.to_string()));
            match game {
                Ok(game) => sequential(
                    args,
                    game,
                    &Robertson::drawing,
                    &parse_pit,
                    &describe_robertson,
                    input,
                    out,
                ),
                Err(e) => writeln!(out, "invalid options: {e}"),
            }
        }
        GameName::Mankka => {
            let game = crate::mankka_driver::options_from(&map)
                .and_then(|o| Mankka::new(o).map_err(|e| e.to_string()));
            match game {
                Ok(game) => sequential(
                    args,
                    game,
                    &draw_mankka,
                    &parse_mankka,
                    &describe_mankka,
                    input,
                    out,
                ),
                Err(e) => writeln!(out, "invalid options: {e}"),
            }
        }
        GameName::Numa => match crate::numa_driver::options_from(&map) {
            Ok(options) => play_numa(args, options, input, out),
            Err(e) => writeln!(out, "invalid options: {e}"),
        },
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

fn parse_pit(_game: &impl Game, _p: Player, text: &str) -> Result<Pit, String> {
    let n: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a hole number or a command"))?;
    Pit::new(n).ok_or_else(|| format!("there is no hole {n}"))
}

fn parse_mankka(game: &Mankka, p: Player, text: &str) -> Result<mankka::Move, String> {
    if text == "pass" {
        return Ok(mankka::Move::Pass);
    }
    if let Some(rest) = text.strip_prefix("place") {
        let counts: Vec<u16> = rest
            .split(|c: char| c.is_whitespace() || c == '+' || c == ',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().map_err(|_| format!("`{s}` is not a count")))
            .collect::<Result<_, _>>()?;
        let counts: [u16; SIDE] = counts
            .try_into()
            .map_err(|_| format!("a placement has {SIDE} counts"))?;
        return Ok(mankka::Move::Place(Placement::new(p, counts)));
    }
    parse_pit(game, p, text).map(mankka::Move::Sow)
}

/// Two rows of numbers, the upper row right to left, with hole numbers.
fn two_rows(holes: &[u16], width: usize) -> [String; 4] {
    let n = holes.len() / 2;
    let cells = |it: &mut dyn Iterator<Item = String>| {
        it.map(|c| format!("{c:>width$}")).collect::<String>()
    };
    [
        cells(&mut (n..2 * n).rev().map(|i| format!("({i})"))),
        cells(&mut holes[n..].iter().rev().map(u16::to_string)),
        cells(&mut holes[..n].iter().map(u16::to_string)),
        cells(&mut (0..n).map(|i| format!("({i})"))),
    ]
}

fn draw_mancala(game: &Mancala) -> String {
    let board = game.board();
    let [nl, north, south, sl] = two_rows(board.holes(), 5);
    let pad = " ".repeat(north.len());
    format!(
        "        {nl}\n        {north}\n  N {:>3} {pad} {:>3} S\n        {south}\n        {sl}",
        board.store(Player::P1),
        board.store(Player::P0),
    )
}

fn draw_numercy(game: &Numercy) -> String {
    let [nl, north, south, sl] = two_rows(game.board().holes(), 5);
    let n = game.board().holes().len() / 2;
    let ops: String = game.options().operators()[..n]
        .iter()
        .map(|o| format!("{:>5}", o.to_string()))
        .collect();
    let [s, nn] = game.points();
    format!(
        "             |{nl}\n  North {nn:>4} |{north}\n             |{ops}\n  South {s:>4} |{south}\n             |{sl}"
    )
}

fn draw_mankka(game: &Mankka) -> String {
    let board = game.board();
    let [nl, north, south, sl] = two_rows(board.holes(), 5);
    let stores = board.stores();
    let pad = " ".repeat(north.len());
    format!(
        "        {nl}\n        {north}\n  N {:>3} {pad} {:>3} S\n        {south}\n        {sl}\n  in hand: player 0 {}, player 1 {}",
        stores[1],
        stores[0],
        game.hands()[0],
        game.hands()[1],
    )
}

fn scores_line<G: Game>(game: &G) -> String {
    let parts: Vec<String> = game
        .scores()
        .as_slice()
        .iter()
        .enumerate()
        .map(|(i, s)| format!("player {i} {s}"))
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

type Draw<'a, G> = &'a dyn Fn(&G) -> String;
type Parse<'a, G> = &'a dyn Fn(&G, Player, &str) -> Result<<G as Game>::Move, String>;
/// What a move does from a position, in words (empty if nothing to say).
type Describe<'a, G> = &'a dyn Fn(&G, &<G as Game>::Move) -> String;

/// Oware and Kalah: the laps, captures and leftovers of a move.
fn describe_mancala(game: &Mancala, pit: &Pit) -> String {
    let mut events = Vec::new();
    if game.clone().play_observed(*pit, &mut events).is_err() {
        return String::new();
    }
    let mut parts = Vec::new();
    for e in events {
        match e {
            mancala_core::Event::Capture { pit, seeds, .. } => {
                parts.push(format!("captures {seeds} from hole {pit}"))
            }
            mancala_core::Event::GrandSlamRefused => {
                parts.push("a grand slam: captures nothing".into())
            }
            mancala_core::Event::ExtraTurn => parts.push("moves again".into()),
            mancala_core::Event::Collect { pit, seeds, to } => {
                parts.push(format!("{to} collects {seeds} from hole {pit}"))
            }
            _ => {}
        }
    }
    parts.join(", ")
}

/// Numercy: the move's arithmetic.
fn describe_numercy(game: &Numercy, pit: &Pit) -> String {
    game.clone()
        .play(*pit)
        .map(|r| r.to_string())
        .unwrap_or_default()
}

/// Robertson: the capture and its honours.
fn describe_robertson(game: &Robertson, pit: &Pit) -> String {
    match game.clone().play(*pit) {
        Ok(r) if r.holes > 0 => format!(
            "captures {} hole{} of {}: {} stones{}",
            r.holes,
            if r.holes == 1 { "" } else { "s" },
            r.count,
            r.stones,
            if r.honours > 0 {
                format!(", honours {}", r.honours)
            } else {
                String::new()
            }
        ),
        _ => String::new(),
    }
}

/// Mankka: every hole captured.
fn describe_mankka(game: &Mankka, mv: &mankka::Move) -> String {
    match game.clone().play(*mv) {
        Ok(r) if !r.captures.is_empty() => {
            let taken: Vec<String> = r
                .captures
                .iter()
                .map(|(pit, seeds)| format!("{seeds} from hole {pit}"))
                .collect();
            format!("captures {} ({} seeds)", taken.join(", "), r.seeds())
        }
        _ => String::new(),
    }
}

fn sequential<G>(
    args: &PlayArgs,
    mut game: G,
    draw: Draw<'_, G>,
    parse: Parse<'_, G>,
    describe: Describe<'_, G>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<()>
where
    G: Game,
    G::Move: From<G::Action>,
    G::Action: Display,
{
    let mut search = AlphaBeta::new(args.nodes);
    let mut history: Vec<G> = Vec::new();
    let mut plies = 0;
    let mut redraw = true;
    while let Status::ToMove(p) = game.status() {
        if plies >= MAX_PLIES {
            writeln!(out, "Stopped after {MAX_PLIES} moves.")?;
            break;
        }
        if redraw {
            writeln!(out, "\n{}\n{}", draw(&game), scores_line(&game))?;
        }
        redraw = true;
        if !args.is_human(p) {
            let Some(action) = search.choose(&game) else {
                writeln!(out, "{p} has no move.")?;
                break;
            };
            let mv: G::Move = action.into();
            let what = describe(&game, &mv);
            writeln!(
                out,
                "{p} (computer) plays {action}{}{what}",
                if what.is_empty() { "" } else { ": " }
            )?;
            if let Err(e) = game.play(mv) {
                writeln!(out, "the computer's move was refused: {e}")?;
                break;
            }
            plies += 1;
            continue;
        }
        let legal: Vec<String> = game
            .legal_actions(p)
            .iter()
            .map(ToString::to_string)
            .collect();
        let legal = if legal.len() > 8 {
            format!("{} choices", legal.len())
        } else {
            legal.join(", ")
        };
        write!(out, "{p} to move [{legal}] (or undo, hint, quit): ")?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            writeln!(out, "\nEnd of input.")?;
            return Ok(());
        };
        match command(&line, |t| parse(&game, p, t)) {
            Err(msg) => {
                writeln!(out, "error: {msg}")?;
                redraw = false;
            }
            Ok(Command::Quit) => {
                writeln!(out, "Quit.")?;
                return Ok(());
            }
            Ok(Command::Undo) => match history.pop() {
                Some(previous) => {
                    game = previous;
                    writeln!(out, "Undone.")?;
                }
                None => {
                    writeln!(out, "error: nothing to undo")?;
                    redraw = false;
                }
            },
            Ok(Command::Hint) => {
                match search.choose(&game) {
                    Some(a) => writeln!(out, "hint: {a}")?,
                    None => writeln!(out, "hint: no move")?,
                }
                redraw = false;
            }
            Ok(Command::Empty) => redraw = false,
            Ok(Command::Move(mv)) => {
                let before = game.clone();
                let what = describe(&game, &mv);
                match game.play(mv) {
                    Ok(()) => {
                        if !what.is_empty() {
                            writeln!(out, "{p} {what}")?;
                        }
                        history.push(before);
                        plies += 1;
                    }
                    Err(e) => {
                        writeln!(out, "error: {e}")?;
                        redraw = false;
                    }
                }
            }
        }
    }
    let scores = game.scores();
    writeln!(
        out,
        "\n{}\n{}",
        draw(&game),
        result_line(game.outcome(), scores.as_slice())
    )
}

fn play_numa(
    args: &PlayArgs,
    options: numa::Options,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut game = Numa::new(options);
    let mut agents = [
        RegretMatching::new(args.seed, NUMA_ITERATIONS),
        RegretMatching::new(args.seed.wrapping_add(0x9e37_79b9), NUMA_ITERATIONS),
    ];
    let mut adviser = RegretMatching::new(args.seed.wrapping_add(7), NUMA_ITERATIONS);
    let mut history: Vec<Numa> = Vec::new();
    let mut turns = 0;
    'turn: while game.outcome().is_none() {
        if turns >= MAX_PLIES {
            writeln!(out, "Stopped after {MAX_PLIES} turns.")?;
            break;
        }
        let [a, r] = game.scores();
        writeln!(
            out,
            "\n{}\nscores: player 0 {a}, player 1 {r}",
            game.drawing()
        )?;
        let mut choices: [Option<Choice>; 2] = [None, None];
        for p in [Player::P0, Player::P1] {
            let i = p.index();
            if !args.is_human(p) {
                choices[i] = Some(agents[i].choose(&game, p));
                continue;
            }
            loop {
                write!(
                    out,
                    "{p}, your choice (hidden until both chose; or undo, hint, quit): "
                )?;
                out.flush()?;
                let Some(line) = read_line(input)? else {
                    writeln!(out, "\nEnd of input.")?;
                    return Ok(());
                };
                match command(&line, |t| t.parse::<Choice>().map_err(|e| e.to_string())) {
                    Err(msg) => writeln!(out, "error: {msg}")?,
                    Ok(Command::Quit) => {
                        writeln!(out, "Quit.")?;
                        return Ok(());
                    }
                    Ok(Command::Undo) => match history.pop() {
                        Some(previous) => {
                            game = previous;
                            writeln!(out, "Undone.")?;
                            continue 'turn;
                        }
                        None => writeln!(out, "error: nothing to undo")?,
                    },
                    Ok(Command::Hint) => {
                        writeln!(out, "hint: {}", adviser.choose(&game, p))?;
                    }
                    Ok(Command::Empty) => {}
                    Ok(Command::Move(c)) => {
                        choices[i] = Some(c);
                        break;
                    }
                }
            }
        }
        let [Some(arabic), Some(roman)] = choices else {
            break;
        };
        let before = game;
        match game.turn(JointMove { arabic, roman }) {
            Ok(report) => {
                if args.is_human(Player::P0) || args.is_human(Player::P1) {
                    history.push(before);
                }
                turns += 1;
                writeln!(
                    out,
                    "player 0 chose {arabic}, player 1 chose {roman}\n  {report}"
                )?;
            }
            Err(e) => writeln!(out, "error: {e}")?,
        }
    }
    let [a, r] = game.scores();
    writeln!(
        out,
        "\n{}\n{}",
        game.drawing(),
        result_line(game.outcome(), &[u64::from(a), u64::from(r)])
    )
}
