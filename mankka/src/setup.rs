//! Unchecked position descriptions and the check that turns them into games.

use alloc::vec::Vec;

use mancala_core::{Game, Mancala, Player};

use crate::{Mankka, Options};

mancala_core::setup_struct! {
    /// An unchecked description of a Mankka position. Public fields, no
    /// guarantees; [`Mankka::from_setup`] checks it (and so do deserializing and
    /// the text notation). Its `history` serves the repetition rule of the
    /// variant without early ends.
    ///
    /// # Examples
    ///
    /// ```
    /// use mankka::*;
    ///
    /// let mut setup = Setup::new(Options::one());
    /// setup.board = vec![0, 3, 6, 2, 5, 1, 4, 7, 2, 5, 1, 4];
    /// setup.stores = vec![4, 4];
    /// let game = Mankka::from_setup(setup)?;
    /// assert!(!game.is_over());
    /// # Ok::<(), mankka::SetupError>(())
    /// ```
    pub struct Setup {
        /// The options.
        pub options: Options,
        /// Seeds in each hole (12, canonical order).
        pub board: Vec<u16> = alloc::vec![options.seeds(); 12],
        /// Seeds captured by each player.
        pub stores: Vec<u16> = alloc::vec![0, 0],
        /// Seeds in each player's hand (the opening).
        pub hands: Vec<u16> = alloc::vec![options.hand(); 2],
    }
}

/// Why a [`Setup`] is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The position is impossible under the options (the sower's
    /// refusal, or Mankka's count of more seeds, hands included, than a
    /// board can hold: [`TooManySeeds`](mancala_core::SetupError::TooManySeeds)).
    #[error("{0}")]
    Position(#[from] mancala_core::SetupError),
    /// There must be a hand for each of the two players.
    #[error("{0} hands given for 2 players")]
    HandsLength(usize),
    /// Seeds in hand exist only in the opening, whose placements come first
    /// and alternate: while anyone holds his hand the player to move does,
    /// and no repetition history, nor a live position where the game would
    /// be over at once, comes with them. A finished game keeps a hand only
    /// when it ended at a placement (the player to place next had no sowing
    /// move): the player who moved last has none.
    #[error(
        "seeds in hand outside the opening (the player to move has placed, a history, or a side already empty)"
    )]
    HandsAfterOpening,
    /// A hand holds the variant's seeds (6 in Mankka Two) until they are
    /// placed, then none.
    #[error("a hand holds {expected} seeds or none, not {found}")]
    HandSize {
        /// The variant's hand.
        expected: u16,
        /// The hand given.
        found: u16,
    },
}

impl Mankka {
    /// Checks a setup and builds its position.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] if the position cannot exist under the options, or
    /// if the default work budget ([`Budget::DEFAULT`](crate::Budget::DEFAULT))
    /// cannot decide one of its moves.
    pub fn from_setup(setup: Setup) -> Result<Mankka, SetupError> {
        Mankka::from_setup_within(setup, crate::Budget::DEFAULT)
    }

    /// [`from_setup`](Mankka::from_setup) under the work budget `budget`,
    /// which the state keeps for the calls that follow: how a program that
    /// trusts a position raises or removes the budget. The text and JSON
    /// readers use the default: read a [`Setup`] and call this to choose
    /// another.
    ///
    /// # Errors
    ///
    /// As [`from_setup`](Mankka::from_setup), the budget's refusal under
    /// `budget`.
    pub fn from_setup_within(setup: Setup, budget: crate::Budget) -> Result<Mankka, SetupError> {
        let [h0, h1] = setup.hands[..] else {
            return Err(SetupError::HandsLength(setup.hands.len()));
        };
        let full = setup.options.hand();
        if let Some(&found) = setup.hands.iter().find(|&&h| h != 0 && h != full) {
            return Err(SetupError::HandSize {
                expected: full,
                found,
            });
        }
        let in_hand = h0 > 0 || h1 > 0;
        // The placements come first and alternate: while anyone holds his
        // hand, the player to move does, and nobody has sowed yet. A game
        // ends in the opening only just after a placement, which emptied the
        // hand of the player who moved (the one before the player to move).
        let hand = |p: Player| setup.hands.get(p.index()).copied();
        let placer = setup.to_move.next(2);
        if in_hand
            && (hand(setup.to_move) == Some(0)
                || !setup.history.is_empty()
                || setup.over && hand(placer) != Some(0))
        {
            return Err(SetupError::HandsAfterOpening);
        }
        let over = setup.over;
        let total: u64 = setup
            .board
            .iter()
            .chain(&setup.stores)
            .chain(&setup.hands)
            .map(|&c| u64::from(c))
            .sum();
        if total > u64::from(mancala_core::rules::MAX_SEEDS) {
            // Hands included: the core counts only the board and stores.
            return Err(mancala_core::SetupError::TooManySeeds(total).into());
        }
        let core = mancala_core::Setup {
            rules: setup.options.rules(),
            board: setup.board,
            stores: setup.stores,
            to_move: setup.to_move,
            over: setup.over,
            // The player to move places first while he holds his hand: his
            // sowing moves are not judged until he has.
            placing: !over && hand(setup.to_move).is_some_and(|h| h > 0),
            // Mankka's first moves are not restricted.
            first_moves_left: 0,
            history: setup.history,
        };
        let game = Mancala::from_setup_within(core, budget)?;
        if in_hand && !over && game.is_over() {
            return Err(SetupError::HandsAfterOpening);
        }
        Ok(Mankka {
            options: setup.options,
            hands: [h0, h1],
            game,
        })
    }

    /// The setup that [`from_setup`](Mankka::from_setup) turns back into this
    /// exact state.
    ///
    /// # Examples
    ///
    /// ```
    /// use mankka::*;
    ///
    /// let mut game = Mankka::default();
    /// game.play(Move::Place(Placement::new([1, 1, 1, 1, 1, 1])))?;
    /// let setup = game.to_setup();
    /// assert_eq!(setup.hands, [0, 6]);
    /// assert_eq!(Mankka::from_setup(setup)?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_setup(&self) -> Setup {
        let inner = self.game.to_setup();
        Setup {
            options: self.options,
            board: inner.board,
            stores: inner.stores,
            hands: self.hands.to_vec(),
            to_move: inner.to_move,
            over: inner.over,
            history: inner.history,
        }
    }
}

mancala_core::setup_conversions!(Mankka, Setup, SetupError);

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Mankka {
    /// A position reached by legal play (at most 200 moves) from the start
    /// of arbitrary options ([`mancala_core::toolkit::arbitrary_play`]).
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let options: Options = u.arbitrary()?;
        // Small budgets too, to reach the undecided paths.
        let budget = match u.int_in_range(0..=3u8)? {
            0 => crate::Budget::seeds(u.int_in_range(0..=20_000)?),
            _ => crate::Budget::DEFAULT,
        };
        let game =
            Mankka::new_within(options, budget).map_err(|_| arbitrary::Error::IncorrectFormat)?;
        mancala_core::toolkit::arbitrary_play(game, u, 200)
    }
}
