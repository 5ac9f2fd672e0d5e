//! The dialect's notation for Oware: houses as letters (`A`-`F` South's
//! from his left, `a`-`f` North's in sowing order, `a` facing `F`) and
//! positions as `h1-...-h12-S-N-T` ([`parse_fen`], [`fen`]).
//!
//! Both map one to one onto this workspace's board: hole `i` of
//! [`Mancala`] is the `i`-th letter of `ABCDEFabcdef`, South is player 0
//! (his holes 0 to 5 from his left) and North player 1 (his holes 6 to 11
//! from his left, hole 6 facing hole 5).

use mancala_core::{Game, Mancala, Move, Pit, Player, Rules, Setup};

/// The letters of the twelve houses, in hole order.
const LETTERS: &[u8; 12] = b"ABCDEFabcdef";

/// The letter of a move (`A`-`F`, `a`-`f`); `None` for a pass or a hole
/// beyond the twelfth.
pub fn move_letter(mv: Move) -> Option<char> {
    let pit = mv.pit()?;
    LETTERS.get(pit.index()).map(|&b| char::from(b))
}

/// The move a letter names, whoever may play it; `None` for any other
/// character.
pub fn letter_move(letter: char) -> Option<Move> {
    let index = LETTERS.iter().position(|&b| char::from(b) == letter)?;
    Pit::new(index).map(Move::Sow)
}

/// The player a side letter names: `S` South (player 0), `N` North
/// (player 1).
fn side(text: &str) -> Option<Player> {
    match text {
        "S" => Some(Player::P0),
        "N" => Some(Player::P1),
        _ => None,
    }
}

/// Reads a position `h1-...-h12-S-N-T`: the twelve houses in letter order
/// (`A` to `F`, then `a` to `f`), South's store, North's store, and the
/// side to move, `S` or `N`. Any counts the rules accept are read (not only
/// 48 seeds); a position already over by the rules (a store holding more
/// than half the seeds, say) is a finished game. A position has no history,
/// so the repetition rule counts from it.
///
/// # Errors
///
/// The reason in words.
///
/// # Examples
///
/// ```
/// use mancala_cli::uci::{fen, parse_fen};
///
/// let text = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";
/// let game = parse_fen(text)?;
/// assert_eq!(game, mancala_core::oware());
/// assert_eq!(fen(&game), text);
/// assert!(parse_fen("4-4-4-S").is_err());
/// # Ok::<(), String>(())
/// ```
pub fn parse_fen(text: &str) -> Result<Mancala, String> {
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() != 15 {
        return Err(format!(
            "`{text}` has {} fields; a position is 12 houses, 2 stores and S or N, joined by `-`",
            parts.len()
        ));
    }
    let counts: Vec<u16> = parts[..14]
        .iter()
        .map(|p| {
            p.parse::<u16>()
                .map_err(|_| format!("`{p}` is no count of seeds (0 to 65535)"))
        })
        .collect::<Result<_, _>>()?;
    let to_move =
        side(parts[14]).ok_or_else(|| format!("`{}` is no side to move (S or N)", parts[14]))?;
    let mut setup = Setup::new(Rules::oware());
    setup.board = counts[..12].to_vec();
    setup.stores = counts[12..].to_vec();
    setup.to_move = to_move;
    Mancala::from_setup(setup).map_err(|e| e.to_string())
}

/// Writes `game`'s position as [`parse_fen`] reads it (a finished game
/// with the side that would move).
pub fn fen(game: &Mancala) -> String {
    let setup = game.to_setup();
    let mut fields: Vec<String> = setup
        .board
        .iter()
        .chain(&setup.stores)
        .map(ToString::to_string)
        .collect();
    fields.push(
        if setup.to_move == Player::P0 {
            "S"
        } else {
            "N"
        }
        .into(),
    );
    fields.join("-")
}

/// Plays `letters` (each one move, white space ignored) on `game`, all or
/// none.
///
/// # Errors
///
/// Which move, by its place, cannot be played and why; `game` is then
/// unchanged.
pub fn play_letters(game: &mut Mancala, letters: &str) -> Result<(), String> {
    let moves: Vec<char> = letters.chars().filter(|c| !c.is_whitespace()).collect();
    let mut after = game.clone();
    for (i, &letter) in moves.iter().enumerate() {
        let refused =
            |why: String| format!("move `{letter}` ({} of {}): {why}", i + 1, moves.len());
        let mv = letter_move(letter)
            .ok_or_else(|| refused("a move is a letter from A to F or from a to f".into()))?;
        let Some(mover) = after.to_move() else {
            return Err(refused("the game is over".into()));
        };
        let owner = if letter.is_ascii_uppercase() {
            Player::P0
        } else {
            Player::P1
        };
        if owner != mover {
            return Err(refused(format!(
                "the house is {}'s, and {} is to move",
                side_name(owner),
                side_name(mover)
            )));
        }
        after.play(mv).map_err(|e| refused(e.to_string()))?;
    }
    *game = after;
    Ok(())
}

/// South or North.
fn side_name(player: Player) -> &'static str {
    if player == Player::P0 {
        "South"
    } else {
        "North"
    }
}
