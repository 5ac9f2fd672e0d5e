//! Fuzz target `budget_text`: no text or JSON can set the work budget, and
//! the default budget bounds the time of every call on a stranger's
//! position.
//!
//! The work budget is the caller's (`mancala_core::Budget`): the readers
//! (`FromStr`, serde) use `Budget::DEFAULT`, which must refuse any position
//! too slow to decide within about a second. From the input this target
//! builds positions of `mancala_core::Mancala`, `numercy::Numercy` and
//! `mankka::Mankka` made to relay for long: relay thresholds of 2 to 4
//! (Mankka's is 4), up to 16 seeds a hole on 2x6 boards (now and then
//! larger boards), `endless=forbid|stop`, `skip_origin`; with hostile words
//! among their options (`max_laps=none`, `max_laps=18446744073709551615`,
//! `max_laps=0`, `budget=none`, repeated words, ...). Each is read from its
//! text and from JSON (its setup, serialized, now and then with a budget
//! field: `max_laps` in the rules or options, `max_laps` or `budget` beside
//! the setup's fields), and for every position accepted each legal move is
//! played once on a clone. Every one of these calls is timed, and any that
//! takes over `CALL_LIMIT` (1 s) fails the input (the fuzzer also runs with
//! `-timeout=2`). Further:
//!
//! - a text with a `max_laps` word is refused, with
//!   `OptionError::BudgetInText` when that word is its first bad option;
//! - `Rules` ignore a `max_laps` field in JSON (the same setup reads alike
//!   with it and without), the games' options and every setup refuse it;
//! - a position read from a clean text equals the one read from its JSON,
//!   both under `Budget::DEFAULT`;
//! - a legal move is refused only by the budget (`Game::is_undecided`).
//!
//! The first byte chooses the positions: even, one of `KNOWN`, the
//! known slow positions (a 2x6 board of 72 seeds relaying at 2 without
//! skipping the origin, whose hole 4 relays round a cycle of 307,959,030
//! laps), indexed by the next byte, with a hostile suffix; odd, a position
//! drawn from the rest. So that one input makes at most a few slow calls
//! (each may take a good part of a second), no new call starts once the
//! input has run for `INPUT_TIME`: which calls run depends on the clock,
//! never what is checked of a call.
//!
//! Seeds: `fuzz/seeds/budget_text/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/seeds.rs"]
mod seeds;
#[path = "common/text_check.rs"]
mod text_check;

use std::fmt::Debug;
use std::str::FromStr;
use std::time::{Duration, Instant};

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use mancala_core::notation::{NotationError, OptionError, ParseError, RuleOptions, parse_options};
use mancala_core::{Budget, Game, Mancala, Player, Rules};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The longest any single call may take.
const CALL_LIMIT: Duration = Duration::from_secs(1);

/// No new call starts once an input has run this long.
const INPUT_TIME: Duration = Duration::from_millis(900);

/// The known slow positions: each as a game and its
/// text without hostile words.
const KNOWN: &[(Kind, &str)] = &[
    (
        Kind::Mancala,
        "11,14,2,3,9,2/1,7,2,14,6,1 0,0 0 skip_origin=false relay=2",
    ),
    (
        Kind::Mancala,
        "9,2,1,7,2,14/6,1,11,14,2,3 0,0 0 skip_origin=false relay=2",
    ),
    (
        Kind::Mancala,
        "11,14,2,3,9,2/1,7,2,14,6,1 0,0 0 skip_origin=false relay=2 endless=stop",
    ),
    (
        Kind::Numercy,
        "9,2,1,7,2,14/6,1,11,14,2,3 0,0 0 holes=6 relay_at=2",
    ),
    (
        Kind::Numercy,
        "11,14,2,3,9,2/1,7,2,14,6,1 0,0 0 holes=6 relay_at=2",
    ),
    (
        Kind::Numercy,
        "9,2,1,7,2,14/6,1,11,14,2,3 0,0 0 holes=6 relay_at=2 endless=stop",
    ),
];

/// Words that try to set a budget, or repeat one.
const HOSTILE: &[&str] = &[
    "max_laps=none",
    "max_laps=18446744073709551615",
    "max_laps=0",
    "max_laps=1000000",
    "max_laps=",
    "max_laps=-1",
    "max_laps=18446744073709551616",
    "budget=none",
    "budget=18446744073709551615",
    "budget=0",
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Mancala,
    Numercy,
    Mankka,
}

/// A position to read: its fixed words, its clean option words and the
/// option words read (clean ones with hostile ones among them).
#[derive(Debug)]
struct Position {
    kind: Kind,
    /// The words before the options: holes, stores or points, (hands,)
    /// player.
    fixed: Vec<String>,
    /// Valid option words, each key once.
    clean: Vec<String>,
    /// The option words of the text read.
    words: Vec<String>,
}

impl Position {
    fn text(&self) -> String {
        let mut words = self.fixed.clone();
        words.extend(self.words.iter().cloned());
        words.join(" ")
    }

    fn clean_text(&self) -> String {
        let mut words = self.fixed.clone();
        words.extend(self.clean.iter().cloned());
        words.join(" ")
    }

    /// Whether the options read are the clean ones.
    fn is_clean(&self) -> bool {
        self.words == self.clean
    }
}

/// The key of the first option word a game's options refuse among
/// `words` (the clean words are valid): a repeated key, a budget, an
/// unknown key, or the preset key after other words.
fn first_bad<T: RuleOptions>(words: &[String]) -> Option<String> {
    let mut seen: Vec<&str> = Vec::new();
    for word in words {
        let key = word.split_once('=').map_or(word.as_str(), |(k, _)| k);
        if seen.contains(&key)
            || key == "max_laps"
            || !T::KEYS.contains(&key)
            || T::PRESET == Some(key) && !seen.is_empty()
        {
            return Some(key.to_string());
        }
        seen.push(key);
    }
    None
}

/// Counts as the text writes them: rows of `row_len`, separated by `/`.
fn rows(holes: &[u16], row_len: usize) -> String {
    holes
        .chunks(row_len.max(1))
        .map(|row| row.iter().map(u16::to_string).collect::<Vec<_>>().join(","))
        .collect::<Vec<_>>()
        .join("/")
}

/// Up to `most` seeds a hole for `len` holes.
fn counts(u: &mut Unstructured<'_>, len: usize, most: u16) -> arbitrary::Result<Vec<u16>> {
    (0..len).map(|_| u.int_in_range(0..=most)).collect()
}

fn endless_word(u: &mut Unstructured<'_>) -> arbitrary::Result<Option<String>> {
    Ok(match u.int_in_range(0..=2u8)? {
        0 => None,
        1 => Some("endless=forbid".into()),
        _ => Some("endless=stop".into()),
    })
}

fn skip_word(u: &mut Unstructured<'_>) -> arbitrary::Result<Option<String>> {
    Ok(match u.int_in_range(0..=2u8)? {
        0 => None,
        1 => Some("skip_origin=false".into()),
        _ => Some("skip_origin=true".into()),
    })
}

/// A row length: mostly 6, now and then larger.
fn row_len(u: &mut Unstructured<'_>, most: u8) -> arbitrary::Result<u8> {
    Ok(match u.int_in_range(0..=7u8)? {
        0 => u.int_in_range(2..=most)?,
        _ => 6,
    })
}

fn player_word(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    Ok(if u.ratio(1, 4)? { "1" } else { "0" }.into())
}

/// A `Mancala` position drawn from the input.
fn mancala(u: &mut Unstructured<'_>) -> arbitrary::Result<Position> {
    let mut clean = Vec::new();
    if u.ratio(1, 8)? {
        clean.push("rules=kalah".into());
    }
    let n = row_len(u, 12)?;
    if n != 6 {
        clean.push(format!("houses={n}"));
    }
    clean.extend(skip_word(u)?);
    clean.push(format!("relay={}", u.int_in_range(2..=4u8)?));
    clean.extend(endless_word(u)?);
    if u.ratio(1, 8)? {
        clean.push("direction=cw".into());
    }
    let holes = counts(u, 2 * usize::from(n), 16)?;
    let fixed = vec![rows(&holes, n.into()), "0,0".into(), player_word(u)?];
    Ok(Position {
        kind: Kind::Mancala,
        fixed,
        words: clean.clone(),
        clean,
    })
}

/// A `Numercy` position drawn from the input.
fn numercy(u: &mut Unstructured<'_>) -> arbitrary::Result<Position> {
    let n = row_len(u, 13)?;
    let mut clean = vec![
        format!("holes={n}"),
        format!("relay_at={}", u.int_in_range(2..=4u8)?),
    ];
    clean.extend(skip_word(u)?);
    clean.extend(endless_word(u)?);
    let holes = counts(u, 2 * usize::from(n), 16)?;
    let fixed = vec![rows(&holes, n.into()), "0,0".into(), player_word(u)?];
    Ok(Position {
        kind: Kind::Numercy,
        fixed,
        words: clean.clone(),
        clean,
    })
}

/// A `Mankka` position drawn from the input: Mankka One (no hands), 48
/// seeds, the board's at most 16 a hole and the rest in the stores.
fn mankka(u: &mut Unstructured<'_>) -> arbitrary::Result<Position> {
    let mut clean = vec!["variant=one".to_string()];
    clean.extend(skip_word(u)?);
    clean.extend(endless_word(u)?);
    if u.ratio(1, 4)? {
        clean.push("early_end=false".into());
    }
    let mut left = 48u16;
    let mut holes = Vec::new();
    for _ in 0..12 {
        let c = u.int_in_range(0..=16u16)?.min(left);
        left -= c;
        holes.push(c);
    }
    let first = u.int_in_range(0..=left)?;
    let fixed = vec![
        rows(&holes, 6),
        format!("{first},{}", left - first),
        "0,0".into(),
        player_word(u)?,
    ];
    Ok(Position {
        kind: Kind::Mankka,
        fixed,
        words: clean.clone(),
        clean,
    })
}

/// A known slow position, by index.
fn known(index: u8) -> Position {
    let (kind, text) = KNOWN[usize::from(index) % KNOWN.len()];
    let words: Vec<String> = text.split_whitespace().map(String::from).collect();
    let (fixed, clean) = words.split_at(3);
    Position {
        kind,
        fixed: fixed.to_vec(),
        clean: clean.to_vec(),
        words: clean.to_vec(),
    }
}

/// Hostile words among the option words: budgets, and repeated words.
fn add_hostile(u: &mut Unstructured<'_>, position: &mut Position) -> arbitrary::Result<()> {
    for _ in 0..u.int_in_range(0..=3u8)? {
        let word = match u.int_in_range(0..=4u8)? {
            0 if !position.words.is_empty() => {
                // A word repeated: one of the clean ones, or the last.
                let i = u.int_in_range(0..=position.words.len() - 1)?;
                position.words[i].clone()
            }
            _ => (*u.choose(HOSTILE)?).to_string(),
        };
        let at = u.int_in_range(0..=position.words.len())?;
        position.words.insert(at, word);
    }
    Ok(())
}

/// The clock of one input.
struct Clock {
    started: Instant,
}

impl Clock {
    /// Whether another call may start.
    fn open(&self) -> bool {
        self.started.elapsed() < INPUT_TIME
    }

    /// Runs one call, failing if it takes over [`CALL_LIMIT`] (with
    /// `BUDGET_TEXT_DEBUG` set, each call is told on standard error with its
    /// time).
    fn time<T: Debug>(&self, what: &str, f: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let result = f();
        let took = started.elapsed();
        if std::env::var_os("BUDGET_TEXT_DEBUG").is_some() {
            eprintln!("{took:?}: {what}: {result:?}");
        }
        assert!(took <= CALL_LIMIT, "{what} took {took:?}");
        result
    }
}

/// A budget field to write into a setup's JSON.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    None,
    /// `max_laps` in the rules or options.
    Inner,
    /// `max_laps` or `budget` beside the setup's fields.
    Top(&'static str),
}

/// The JSON of `setup` with `field` written in (`inner` names the rules or
/// options object).
fn json_with<S: serde::Serialize>(
    setup: &S,
    inner: &str,
    field: Field,
    value: Value,
) -> Option<String> {
    let mut json = serde_json::to_value(setup).ok()?;
    match field {
        Field::None => {}
        Field::Inner => {
            json.get_mut(inner)?
                .as_object_mut()?
                .insert("max_laps".into(), value);
        }
        Field::Top(key) => {
            json.as_object_mut()?.insert(key.into(), value);
        }
    }
    serde_json::to_string(&json).ok()
}

fn budget_value(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    Ok(match u.int_in_range(0..=4u8)? {
        0 => Value::Null,
        1 => 0.into(),
        2 => u64::MAX.into(),
        3 => "none".into(),
        _ => 1_000_000.into(),
    })
}

/// The text of `position` read as a `G` (timed; `T` its options), checked
/// against the budget's rules; returns what was read, as a state or the
/// error's text.
fn read_text<G, E, T>(clock: &Clock, position: &Position) -> Option<Result<G, String>>
where
    G: Game + FromStr<Err = ParseError<E>> + Debug,
    E: Debug,
    T: RuleOptions,
{
    if !clock.open() {
        return None;
    }
    let text = position.text();
    let read = clock.time(&format!("reading `{text}`"), || text.parse::<G>());
    if text_check::has_budget_word(&text) {
        assert!(read.is_err(), "`{text}` has a budget word but was read");
    }
    match first_bad::<T>(&position.words) {
        Some(key) if key == "max_laps" => match &read {
            Err(ParseError::Notation(NotationError::Option(OptionError::BudgetInText(k)))) => {
                assert_eq!(k, "max_laps", "`{text}`");
            }
            other => panic!("`{text}` read as {other:?}"),
        },
        Some(key) => assert!(read.is_err(), "`{text}`: `{key}` read"),
        None => {}
    }
    Some(read.map_err(|e| format!("{e:?}")))
}

/// Reads `json` as a `G` (timed): refused when `refused`, and when
/// `same` is given (what a clean text of the same setup read), alike.
fn read_json<G>(
    clock: &Clock,
    json: &str,
    refused: bool,
    same: Option<&Result<G, String>>,
) -> Option<G>
where
    G: Game + DeserializeOwned + Debug,
{
    if !clock.open() {
        return None;
    }
    let read = clock.time(&format!("reading {json}"), || {
        serde_json::from_str::<G>(json)
    });
    if refused {
        assert!(read.is_err(), "{json} has a budget field but was read");
    }
    if let Some(text) = same {
        assert_eq!(
            read.as_ref().ok(),
            text.as_ref().ok(),
            "{json} and its text read otherwise"
        );
    }
    read.ok()
}

/// Plays every legal move of `game` once on a clone, each timed: a legal
/// move is refused only by the work budget.
fn play_all<G: Game + Debug>(clock: &Clock, game: &G) {
    let Some(mover) = game.to_move() else {
        return;
    };
    for &action in game.legal_moves().iter() {
        if !clock.open() {
            return;
        }
        let mv = game
            .joint_move(&[(mover, action)])
            .unwrap_or_else(|e| panic!("legal {action} makes no move: {e}"));
        let mut next = game.clone();
        let played = clock.time(&format!("playing {action} in {game:?}"), || next.play(mv));
        if let Err(e) = played {
            assert!(G::is_undecided(&e), "legal {action} refused: {e}");
            assert_eq!(&next, game, "a refused move changed the state");
        }
    }
}

/// How one game is read: the JSON object of a setup that holds its rules
/// or options, whether that object ignores a budget field, the setup of a
/// clean text, and a state's budget.
struct Reader<S, G> {
    inner: &'static str,
    ignores_budget: bool,
    setup: fn(&str) -> Option<S>,
    budget: fn(&G) -> Budget,
}

/// Reads `position` as a `G` (`T` its options) from its text and its JSON
/// (built from the clean text), and plays the states read.
fn check_game<G, E, T, S>(
    u: &mut Unstructured<'_>,
    clock: &Clock,
    position: &Position,
    reader: &Reader<S, G>,
) -> arbitrary::Result<()>
where
    G: Game + FromStr<Err = ParseError<E>> + DeserializeOwned + Debug,
    E: Debug,
    T: RuleOptions,
    S: serde::Serialize,
{
    let from_text = read_text::<G, E, T>(clock, position);
    if let Some(Ok(game)) = &from_text {
        assert!(position.is_clean(), "{position:?} was read");
        // No text sets the budget.
        assert_eq!((reader.budget)(game), Budget::DEFAULT);
        play_all(clock, game);
    }
    let field = match u.int_in_range(0..=4u8)? {
        0 | 1 => Field::None,
        2 => Field::Inner,
        3 => Field::Top("max_laps"),
        _ => Field::Top("budget"),
    };
    let value = budget_value(u)?;
    let Some(setup) = (reader.setup)(&position.clean_text()) else {
        panic!("no setup for {position:?}");
    };
    let Some(json) = json_with(&setup, reader.inner, field, value) else {
        return Ok(());
    };
    // A field the setup ignores leaves it as it was.
    let ignored = field == Field::None || field == Field::Inner && reader.ignores_budget;
    let same = from_text
        .as_ref()
        .filter(|_| ignored && position.is_clean());
    if let Some(game) = read_json::<G>(clock, &json, !ignored, same) {
        // No JSON sets the budget.
        assert_eq!((reader.budget)(&game), Budget::DEFAULT);
        play_all(clock, &game);
    }
    Ok(())
}

/// The words of a clean text: holes, stores or points, (hands,) player,
/// options.
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

fn player(word: &str) -> Option<Player> {
    word.parse().ok()
}

fn counts_of(word: &str) -> Option<Vec<u16>> {
    word.split(['/', ','])
        .map(|c| c.parse().ok())
        .collect::<Option<Vec<u16>>>()
}

/// The `Mancala` setup of a clean text.
fn mancala_setup(text: &str) -> Option<mancala_core::Setup> {
    let words = words(text);
    let rules: Rules = parse_options(words.get(3..)?.iter().copied()).ok()?;
    let mut setup = mancala_core::Setup::new(rules);
    setup.board = counts_of(words[0])?;
    setup.stores = counts_of(words[1])?;
    setup.to_move = player(words[2])?;
    Some(setup)
}

/// The `Numercy` setup of a clean text.
fn numercy_setup(text: &str) -> Option<numercy::Setup> {
    let words = words(text);
    let options: numercy::Options = parse_options(words.get(3..)?.iter().copied()).ok()?;
    let mut setup = numercy::Setup::new(options);
    setup.board = counts_of(words[0])?;
    setup.points = words[1]
        .split(',')
        .map(|c| c.parse().ok())
        .collect::<Option<_>>()?;
    setup.to_move = player(words[2])?;
    Some(setup)
}

/// The `Mankka` setup of a clean text.
fn mankka_setup(text: &str) -> Option<mankka::Setup> {
    let words = words(text);
    let options: mankka::Options = parse_options(words.get(4..)?.iter().copied()).ok()?;
    let mut setup = mankka::Setup::new(options);
    setup.board = counts_of(words[0])?;
    setup.stores = counts_of(words[1])?;
    setup.hands = counts_of(words[2])?;
    setup.to_move = player(words[3])?;
    Some(setup)
}

fn check(data: &[u8]) {
    let clock = Clock {
        started: Instant::now(),
    };
    let mut u = Unstructured::new(data);
    let _ = run(&mut u, &clock);
}

fn run(u: &mut Unstructured<'_>, clock: &Clock) -> arbitrary::Result<()> {
    let mode: u8 = u.arbitrary()?;
    let mut position = if mode & 1 == 0 {
        known(u.arbitrary()?)
    } else {
        match u.int_in_range(0..=2u8)? {
            0 => mancala(u)?,
            1 => numercy(u)?,
            _ => mankka(u)?,
        }
    };
    add_hostile(u, &mut position)?;
    match position.kind {
        Kind::Mancala => {
            let reader = Reader {
                inner: "rules",
                ignores_budget: true,
                setup: mancala_setup,
                budget: Mancala::budget,
            };
            check_game::<Mancala, _, Rules, _>(u, clock, &position, &reader)
        }
        Kind::Numercy => {
            let reader = Reader {
                inner: "options",
                ignores_budget: false,
                setup: numercy_setup,
                budget: numercy::Numercy::budget,
            };
            check_game::<numercy::Numercy, _, numercy::Options, _>(u, clock, &position, &reader)
        }
        Kind::Mankka => {
            let reader = Reader {
                inner: "options",
                ignores_budget: false,
                setup: mankka_setup,
                budget: mankka::Mankka::budget,
            };
            check_game::<mankka::Mankka, _, mankka::Options, _>(u, clock, &position, &reader)
        }
    }
}

fuzz_target!(
    init: seeds::prepare("budget_text", check),
    |data: &[u8]| check(data)
);
