//! Placing seeds onto the board (Mankka's opening, and setups built move by
//! move).

use crate::board::MAX_SEEDS;
use crate::budget::Meter;
use crate::pit::Pit;
use crate::player::Player;

use super::{Handover, Mancala, NextTurn, PlaceError};

impl Mancala {
    /// Adds seeds to holes (an opening placement such as Mankka's, the seeds
    /// coming from a hand), then hands the turn to `next` and applies the end
    /// conditions, as at a setup. The repetition history starts afresh: seeds
    /// entered the board.
    ///
    /// # Errors
    ///
    /// [`PlaceError::GameOver`] once the game is over,
    /// [`PlaceError::NotOnBoard`] for a hole not on the board,
    /// [`PlaceError::NoSuchPlayer`] if `next` does not play,
    /// [`PlaceError::TooManySeeds`] if the game would hold more than
    /// [`MAX_SEEDS`], and [`PlaceError::Undecided`] if the position reached
    /// has a move the work budget cannot decide. The state is then
    /// unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Mancala, Pit, Player, Rules};
    ///
    /// let mut game = Mancala::new(Rules::oware())?;
    /// game.place_seeds(&[(Pit::new(0).unwrap(), 3)], Player::P1)?;
    /// assert_eq!(game.board().holes()[0], 7);
    /// assert_eq!(game.to_move(), Some(Player::P1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn place_seeds(&mut self, seeds: &[(Pit, u16)], next: Player) -> Result<(), PlaceError> {
        self.place(
            seeds,
            next,
            NextTurn::Sows,
            &Meter::new(self.shared.budget.0),
        )
    }

    /// [`place_seeds`](Mancala::place_seeds), deciding the moves of the
    /// position reached from `meter` instead of from a fresh meter of the
    /// state's [`budget`](Mancala::budget) (see
    /// [`play_metered`](Mancala::play_metered)).
    ///
    /// # Errors
    ///
    /// As [`place_seeds`](Mancala::place_seeds), [`PlaceError::Undecided`]
    /// once `meter` runs dry. The state is then unchanged.
    pub fn place_seeds_metered(
        &mut self,
        seeds: &[(Pit, u16)],
        next: Player,
        meter: &Meter,
    ) -> Result<(), PlaceError> {
        self.place(seeds, next, NextTurn::Sows, meter)
    }

    /// [`place_seeds`](Mancala::place_seeds) in an opening where `next`
    /// places seeds too before anyone sows (Mankka Two's: player 0 places,
    /// then player 1). His turn is a placement, so his sowing moves are not
    /// judged: none is legal ([`legal_pits`](Mancala::legal_pits) and the
    /// [`Game`](crate::Game) actions are empty: his actions are the wrapping game's
    /// placements; `play` refuses a sowing move or a pass with
    /// [`PlayError::MustPlace`](crate::PlayError::MustPlace)), and none is tried (no trial sowing, so no
    /// [`PlaceError::Undecided`]). A sowing move of his that would relay
    /// forever does not make him a player who cannot move: he can place.
    /// The end conditions on the board apply as at any turn, and under
    /// rules without passes a player with no hole he could sow (an empty
    /// side) still cannot move, which ends the game. His own placement, by
    /// [`place_seeds`](Mancala::place_seeds), ends the opening.
    ///
    /// # Errors
    ///
    /// As [`place_seeds`](Mancala::place_seeds), but for
    /// [`PlaceError::Undecided`]. The state is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Mancala, Move, Pit, PlayError, Player, Rules};
    ///
    /// let mut game = Mancala::new(Rules::oware())?;
    /// game.place_seeds_before_placement(&[(Pit::new(0).unwrap(), 3)], Player::P1)?;
    /// assert!(game.is_placing());
    /// assert!(game.legal_moves().is_empty());
    /// assert_eq!(game.play(Move::Sow(Pit::new(6).unwrap())), Err(PlayError::MustPlace));
    /// game.place_seeds(&[(Pit::new(6).unwrap(), 3)], Player::P0)?;
    /// assert!(!game.is_placing());
    /// assert_eq!(game.legal_moves().len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn place_seeds_before_placement(
        &mut self,
        seeds: &[(Pit, u16)],
        next: Player,
    ) -> Result<(), PlaceError> {
        self.place(
            seeds,
            next,
            NextTurn::Places,
            &Meter::new(self.shared.budget.0),
        )
    }

    /// Whether the player to move places seeds before he sows (see
    /// [`place_seeds_before_placement`](Mancala::place_seeds_before_placement)
    /// and [`Setup::placing`](crate::Setup::placing)). Never once the game
    /// is over.
    pub fn is_placing(&self) -> bool {
        self.opening.placing()
    }

    /// [`place_seeds`](Mancala::place_seeds), `next` then sowing or
    /// placing too (`turn`), the moves reached decided from `meter`.
    pub(super) fn place(
        &mut self,
        seeds: &[(Pit, u16)],
        next: Player,
        turn: NextTurn,
        meter: &Meter,
    ) -> Result<(), PlaceError> {
        if self.over {
            return Err(PlaceError::GameOver);
        }
        if next.index() >= self.shared.topology.players() {
            return Err(PlaceError::NoSuchPlayer(next));
        }
        let mut total = u64::from(self.board.total());
        for &(pit, n) in seeds {
            if !self.shared.topology.contains(pit) {
                return Err(PlaceError::NotOnBoard(pit));
            }
            total += u64::from(n);
        }
        if total > u64::from(MAX_SEEDS) {
            return Err(PlaceError::TooManySeeds(total));
        }
        let mut saved = self.board.spare_copy();
        for &(pit, n) in seeds {
            self.board.add(pit, n);
        }
        // Seeds entered the board: settled as if seeds had left it, the
        // history starting afresh. Settling fails before changing anything
        // but the board, which is put back.
        let settled = self.settle(next, Handover::Placed, turn, self.meter(meter), &mut ());
        if settled.is_err() {
            core::mem::swap(&mut self.board, &mut saved);
        }
        self.board.keep_spare(saved);
        settled.map_err(PlaceError::Undecided)
    }
}
