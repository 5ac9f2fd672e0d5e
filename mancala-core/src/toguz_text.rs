//! The text form of [`ToguzKumalak`] positions (see its `Display`), and
//! its `Arbitrary`.

use core::fmt;
use core::str::FromStr;

use crate::notation::{self, NotationError};
use crate::pit::Pit;
use crate::player::Player;
use crate::toguz::{ROW, ToguzError, ToguzKumalak, ToguzSetup};

/// `HOLES STORES PLAYER [tuzdik=A,B]`: the rows as in
/// [`mancala_text`](crate::mancala_text) (player 0's nine, `/`, player 1's),
/// the two stores, the player to move, and the tuzdiks (`-` for none) when
/// either player has one. `{:#}` draws the board instead.
///
/// ```
/// use mancala_core::{Game, Move, Pit, toguz::ToguzKumalak};
///
/// let game = ToguzKumalak::default();
/// assert_eq!(game.to_string(), "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0,0 0");
/// let game: ToguzKumalak = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,0,9,9,9 3,0 1 tuzdik=14,-".parse()?;
/// assert_eq!(game.tuzdik(mancala_core::Player::P0), Pit::new(14));
/// assert_eq!(game.to_string().parse::<ToguzKumalak>()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for ToguzKumalak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let holes = self.board.holes();
        if f.alternate() {
            // Player 1's row above, right to left; player 0's below.
            for c in holes[ROW..].iter().rev() {
                write!(f, "{c:>4}")?;
            }
            writeln!(f)?;
            for c in &holes[..ROW] {
                write!(f, "{c:>4}")?;
            }
            let name = |t: Option<Pit>| t.map_or_else(|| "-".into(), |p| alloc::format!("{p}"));
            return write!(
                f,
                "\nstores {} {}, tuzdiks {} {}, {} to move",
                self.board.store(Player::P0),
                self.board.store(Player::P1),
                name(self.tuzdik[0]),
                name(self.tuzdik[1]),
                self.to_move
            );
        }
        notation::write_rows(f, holes, ROW)?;
        f.write_str(" ")?;
        notation::write_counts(f, &self.board.stores()[..2], ',')?;
        write!(f, " {}", self.to_move.index())?;
        if self.tuzdik != [None; 2] {
            f.write_str(" tuzdik=")?;
            for (i, t) in self.tuzdik.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                match t {
                    Some(p) => write!(f, "{p}")?,
                    None => f.write_str("-")?,
                }
            }
        }
        Ok(())
    }
}

impl FromStr for ToguzKumalak {
    type Err = notation::ParseError<ToguzError>;

    fn from_str(s: &str) -> Result<ToguzKumalak, Self::Err> {
        let mut words = s.split_whitespace();
        let holes = notation::parse_rows("holes", notation::next_word(&mut words, "holes")?, ROW)?;
        let stores = notation::next_word(&mut words, "stores")?;
        let stores = notation::parse_counts("stores", stores, ',')?;
        let player = notation::parse_player("player", notation::next_word(&mut words, "player")?)?;
        let mut setup = ToguzSetup {
            to_move: player,
            ..ToguzSetup::default()
        };
        let (Ok(board), Ok(stores)) = (holes.as_slice().try_into(), stores.as_slice().try_into())
        else {
            return Err(NotationError::invalid("holes", "two rows of 9 and two stores", s).into());
        };
        setup.board = board;
        setup.stores = stores;
        if let Some(word) = words.next() {
            let bad = || NotationError::invalid("tuzdik", "tuzdik=A,B (a hole or -)", word);
            let list = word.strip_prefix("tuzdik=").ok_or_else(bad)?;
            let mut parts = list.split(',');
            for slot in &mut setup.tuzdik {
                *slot = match parts.next().ok_or_else(bad)? {
                    "-" => None,
                    p => Some(p.parse::<Pit>().map_err(|_| bad())?),
                };
            }
            if parts.next().is_some() {
                return Err(bad().into());
            }
        }
        if let Some(extra) = words.next() {
            return Err(NotationError::Trailing(extra.into()).into());
        }
        ToguzKumalak::from_setup(setup).map_err(notation::ParseError::Setup)
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for ToguzKumalak {
    /// A position reached by legal play from an arbitrary valid setup (small
    /// counts; the start when the setup is invalid).
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut setup: ToguzSetup = u.arbitrary()?;
        if u.ratio(3, 4)? {
            for c in setup.board.iter_mut().chain(&mut setup.stores) {
                *c %= 24;
            }
        }
        let game = ToguzKumalak::from_setup(setup).unwrap_or_default();
        crate::game::arbitrary_play(game, u, 200)
    }
}
