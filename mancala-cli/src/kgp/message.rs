//! KGP's lines read and written: [`Message`] (`[id][@ref] command
//! args...`), its arguments ([`Arg`]: words, numbers, quoted strings, board
//! literals) and the board literal ([`Board`], `<n,S,N,s1..sn,n1..nn>`).
//! Reading never panics: a line that is not a message is a [`ParseError`],
//! which quotes the line's pieces cut and escaped ([`excerpt`]).

use std::fmt;

use mancala_core::rules::MAX_TWO_ROW_LEN;
use mancala_core::{Mancala, Player, Rules, Setup};

use crate::protocol::excerpt;

/// One line of KGP: `[id][@ref] command args...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The line's own id, if it has one.
    pub id: Option<u64>,
    /// The id of the message it answers, if any (`@ref`).
    pub reference: Option<u64>,
    /// The command's name (letters and digits).
    pub command: String,
    /// Its arguments, in order.
    pub args: Vec<Arg>,
}

/// An argument of a [`Message`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A word or a number, as written (`freeplay`, `1`, `-0.5`).
    Word(String),
    /// A double-quoted string, its escapes resolved (`\n` a newline, `\t`
    /// a tab, `\` before any other character that character).
    Quoted(String),
    /// A board literal.
    Board(Board),
}

impl Arg {
    /// The argument as text: a word's or a string's characters, a board's
    /// literal.
    pub fn text(&self) -> String {
        match self {
            Arg::Word(w) | Arg::Quoted(w) => w.clone(),
            Arg::Board(b) => b.to_string(),
        }
    }
}

/// Why a line is not a KGP message. The pieces of the line it quotes are
/// cut and escaped ([`excerpt`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// Nothing but white space.
    #[error("an empty line")]
    Empty,
    /// The `id@ref` part is not digits, `@` and digits.
    #[error("`{0}` is no id or reference (ID, @REF or ID@REF, each 1 or more digits)")]
    BadId(String),
    /// No command after the id.
    #[error("no command after the id")]
    NoCommand,
    /// The command's name is not letters and digits.
    #[error("`{0}` is no command name (letters and digits)")]
    BadCommand(String),
    /// A string whose closing quote is missing.
    #[error("a string without its closing quote")]
    Unterminated,
    /// A quote inside a word.
    #[error("a stray quote in `{0}`")]
    StrayQuote(String),
    /// A malformed board literal.
    #[error("bad board `{text}`: {why}")]
    BadBoard {
        /// The literal as written ([`excerpt`]: cut and escaped).
        text: String,
        /// What is wrong with it.
        why: String,
    },
}

/// Reads one line (without its line break; a trailing `\r` is white
/// space).
///
/// # Errors
///
/// A [`ParseError`] for a line that is not a message.
///
/// # Examples
///
/// ```
/// use mancala_cli::kgp::{Arg, Message, parse_message};
///
/// let m = parse_message("6@4 set info:name \"a \\\"b\\\"\"\r")?;
/// assert_eq!((m.id, m.reference, m.command.as_str()), (Some(6), Some(4), "set"));
/// assert_eq!(m.args, [Arg::Word("info:name".into()), Arg::Quoted("a \"b\"".into())]);
/// assert!(parse_message("4 state <2,0,0,1,1>").is_err());
/// # Ok::<(), mancala_cli::kgp::ParseError>(())
/// ```
pub fn parse_message(line: &str) -> Result<Message, ParseError> {
    let line = line.trim();
    let (first, rest) = split_word(line).ok_or(ParseError::Empty)?;
    let (id, reference, command, rest) =
        if first.starts_with(|c: char| c.is_ascii_digit() || c == '@') {
            let (id, reference) = parse_id(first)?;
            let (command, rest) = split_word(rest).ok_or(ParseError::NoCommand)?;
            (id, reference, command, rest)
        } else {
            (None, None, first, rest)
        };
    if !command.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ParseError::BadCommand(excerpt(command)));
    }
    Ok(Message {
        id,
        reference,
        command: command.to_string(),
        args: parse_args(rest)?,
    })
}

/// The first word of `text` and the rest after it; `None` if there is
/// none.
fn split_word(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    if text.is_empty() {
        return None;
    }
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    Some((&text[..end], &text[end..]))
}

/// Reads `ID`, `@REF` or `ID@REF`.
fn parse_id(word: &str) -> Result<(Option<u64>, Option<u64>), ParseError> {
    let bad = || ParseError::BadId(excerpt(word));
    let number = |digits: &str| -> Result<Option<u64>, ParseError> {
        if digits.is_empty() {
            return Ok(None);
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        digits.parse().map(Some).map_err(|_| bad())
    };
    match word.split_once('@') {
        None => Ok((number(word)?, None)),
        Some((id, reference)) => {
            let reference = number(reference)?.ok_or_else(bad)?;
            Ok((number(id)?, Some(reference)))
        }
    }
}

/// Reads the arguments: words, quoted strings and board literals
/// separated by white space.
fn parse_args(text: &str) -> Result<Vec<Arg>, ParseError> {
    let mut args = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            args.push(Arg::Quoted(read_string(&mut chars)?));
        } else {
            let mut end = text.len();
            while let Some(&(i, c)) = chars.peek() {
                if c.is_whitespace() {
                    end = i;
                    break;
                }
                chars.next();
            }
            let word = &text[start..end];
            if word.contains('"') {
                return Err(ParseError::StrayQuote(excerpt(word)));
            }
            args.push(if word.starts_with('<') {
                Arg::Board(word.parse()?)
            } else {
                Arg::Word(word.to_string())
            });
        }
    }
    Ok(args)
}

/// Reads a string's characters after its opening quote, through its
/// closing one.
fn read_string(chars: &mut impl Iterator<Item = (usize, char)>) -> Result<String, ParseError> {
    let mut text = String::new();
    while let Some((_, c)) = chars.next() {
        match c {
            '"' => return Ok(text),
            '\\' => match chars.next().ok_or(ParseError::Unterminated)?.1 {
                'n' => text.push('\n'),
                't' => text.push('\t'),
                other => text.push(other),
            },
            other => text.push(other),
        }
    }
    Err(ParseError::Unterminated)
}

/// `text` as a KGP string: in double quotes, with `\`, `"` and line
/// breaks escaped.
pub fn quote(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\t' => quoted.push_str("\\t"),
            '\r' => {}
            other => quoted.push(other),
        }
    }
    quoted.push('"');
    quoted
}

/// A KGP board literal, `<n,S,N,s1..sn,n1..nn>`: the houses a side, the
/// stores, and each row in its owner's sowing order (south's house `i`
/// faces north's `n + 1 - i`). The player to move is always south.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// South's store.
    pub south_store: u16,
    /// North's store.
    pub north_store: u16,
    /// South's houses, from his left (the first sown into after his
    /// store's far end).
    pub south: Vec<u16>,
    /// North's houses, from his left (north's house 1 faces south's
    /// house `n`).
    pub north: Vec<u16>,
}

impl Board {
    /// The position as a Kalah game of this workspace
    /// (`Rules::kalah().with_houses(n)`): south is player 0, his houses
    /// holes `0..n` (KGP's house `k` is hole `k - 1`), north's holes
    /// `n..2n`; south to move. A position where a side is empty is a
    /// finished game.
    ///
    /// # Errors
    ///
    /// The reason in words if the position is not one (too many seeds).
    pub fn to_game(&self) -> Result<Mancala, String> {
        let houses = u8::try_from(self.south.len()).map_err(|_| "too many houses")?;
        let mut setup = Setup::new(Rules::kalah().with_houses(houses));
        setup.board = self.south.iter().chain(&self.north).copied().collect();
        setup.stores = vec![self.south_store, self.north_store];
        setup.to_move = Player::P0;
        Mancala::from_setup(setup).map_err(|e| e.to_string())
    }

    /// The board of a two-row `game` as `side` sees it, `side` south (the
    /// server mirrors the board for north).
    pub fn of_game(game: &Mancala, side: Player) -> Board {
        let holes = game.board().holes();
        let (first, second) = holes.split_at(holes.len() / 2);
        let stores = game.board().stores();
        let (south, north, south_store, north_store) = if side == Player::P0 {
            (first, second, stores[0], stores[1])
        } else {
            (second, first, stores[1], stores[0])
        };
        Board {
            south_store,
            north_store,
            south: south.to_vec(),
            north: north.to_vec(),
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "<{},{},{}",
            self.south.len(),
            self.south_store,
            self.north_store
        )?;
        for seeds in self.south.iter().chain(&self.north) {
            write!(f, ",{seeds}")?;
        }
        f.write_str(">")
    }
}

impl std::str::FromStr for Board {
    type Err = ParseError;

    /// Reads `<n,S,N,s1..sn,n1..nn>` (white space around the numbers
    /// allowed): `n` from 1 to 50, each count at most 65535.
    fn from_str(text: &str) -> Result<Board, ParseError> {
        let bad = |why: String| ParseError::BadBoard {
            text: excerpt(text),
            why,
        };
        let inner = text
            .strip_prefix('<')
            .and_then(|t| t.strip_suffix('>'))
            .ok_or_else(|| bad("a board is `<` numbers separated by `,` then `>`".into()))?;
        let numbers: Vec<u16> = inner
            .split(',')
            .map(|n| {
                let n = n.trim();
                n.parse::<u16>()
                    .map_err(|_| bad(format!("`{}` is no count from 0 to 65535", excerpt(n))))
            })
            .collect::<Result<_, _>>()?;
        let houses = usize::from(numbers[0]);
        if !(1..=MAX_TWO_ROW_LEN).contains(&houses) {
            return Err(bad(format!(
                "{houses} houses a side; from 1 to {MAX_TWO_ROW_LEN} are played"
            )));
        }
        if numbers.len() != 3 + 2 * houses {
            return Err(bad(format!(
                "{houses} houses a side need {} numbers, not {}",
                3 + 2 * houses,
                numbers.len()
            )));
        }
        Ok(Board {
            south_store: numbers[1],
            north_store: numbers[2],
            south: numbers[3..3 + houses].to_vec(),
            north: numbers[3 + houses..].to_vec(),
        })
    }
}
