//! Hand-worked Mankka positions, each expected value worked out from
//! RULES.md ("Mankka") in a comment.
//!
//! Hole numbering (canonical order): player 0's holes 0..6 from his left,
//! then player 1's holes 6..12 from his left; sowing goes counter-clockwise
//! (increasing index, 11 wraps to 0), capture chains walk clockwise
//! (decreasing index).

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::Event;
use mankka::*;

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

fn sow(i: usize) -> Move {
    Move::Sow(pit(i))
}

/// A position after the opening (empty hands) under `options`.
fn position(options: Options, board: [u16; 12], stores: [u16; 2], to_move: Player) -> Mankka {
    let mut setup = Setup::new(options);
    setup.board = board.to_vec();
    setup.stores = stores.to_vec();
    setup.hands = vec![0, 0];
    setup.to_move = to_move;
    Mankka::from_setup(setup).unwrap()
}

fn holes(game: &Mankka) -> Vec<u16> {
    game.board().holes().to_vec()
}

fn stores(game: &Mankka) -> [u16; 2] {
    [
        game.board().store(Player::P0),
        game.board().store(Player::P1),
    ]
}

/// Plays a move that must be refused and checks that nothing changed.
fn refused(game: &mut Mankka, mv: Move) -> PlayError {
    let before = game.clone();
    let err = game.play(mv).unwrap_err();
    assert_eq!(
        *game, before,
        "{mv} was refused ({err}) but changed the state"
    );
    assert!(!game.is_legal(&mv));
    assert!(!game.legal_moves().contains(&mv));
    err
}

/// Plays a legal move on the fast path ([`Game::play`]) and, on a copy,
/// through [`Mankka::play_observed`]; checks that both reach the same state
/// with the same report, and that the report's captured holes and seeds are
/// those of the `Capture` events. Returns the report and the captures, each
/// hole with the seeds it held, sorted by hole.
fn play(game: &mut Mankka, mv: Move) -> (MoveReport, Vec<(usize, u16)>) {
    let mut observed = game.clone();
    let mut events = Vec::new();
    let slow = observed.play_observed(mv, &mut events).unwrap();
    let report = game.play(mv).unwrap();
    assert_eq!(*game, observed, "play and play_observed of {mv} differ");
    assert_eq!(report, slow, "the reports of {mv} differ");
    let mut captures: Vec<(usize, u16)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Capture { pit, seeds, by } => {
                assert_eq!(by, report.mover);
                Some((pit.index(), seeds))
            }
            _ => None,
        })
        .collect();
    captures.sort_unstable();
    let pits: Vec<usize> = report.captured.iter().map(Pit::index).collect();
    let holes: Vec<usize> = captures.iter().map(|&(p, _)| p).collect();
    assert_eq!(pits, holes, "the report's holes are the captured ones");
    let seeds: u32 = captures.iter().map(|&(_, s)| u32::from(s)).sum();
    assert_eq!(
        report.seeds, seeds,
        "the report's seeds are the captured ones"
    );
    (report, captures)
}

// ---------------------------------------------------------------------------
// Relays
// ---------------------------------------------------------------------------

#[test]
fn relays_over_several_laps_until_an_empty_hole() {
    // P0 sows hole 0 (2 seeds): holes 1, 2. Hole 2 held 3, now 4: relay.
    // Lap 2 lifts 4 from hole 2: holes 3, 4, 5, 6. Hole 6 held 3, now 4:
    // relay. Lap 3 lifts 4 from hole 6: holes 7, 8, 9, 10. Hole 10 was
    // empty, now 1: the turn ends. Nothing captured. Hole 11's 20 are
    // untouched; 28 seeds stay on the board (> 8).
    let mut game = position(
        Options::two(),
        [2, 0, 3, 0, 0, 0, 3, 0, 0, 0, 0, 20],
        [0, 0],
        Player::P0,
    );
    let (report, captures) = play(&mut game, sow(0));
    assert!(report.captured.is_empty() && captures.is_empty());
    assert_eq!(report.seeds, 0);
    // Lap 1 from hole 0, lap 2 from hole 2, lap 3 from hole 6; the last
    // seed fell in hole 10.
    assert_eq!(report.laps, 3);
    assert_eq!(report.landing, Some(Landing::Hole(pit(10))));
    assert_eq!(holes(&game), [0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 20]);
    assert_eq!(stores(&game), [0, 0]);
    assert_eq!(game.to_move(), Some(Player::P1));
}

#[test]
fn relay_from_a_big_hole_then_capture() {
    // P0 sows hole 5 (1 seed): hole 6 held 5, now 6: relay. Lap 2 lifts 6
    // from hole 6: holes 7..12 (7, 8, 9, 10, 11, 0). Hole 0 held 2, now 3:
    // capture hole 0 (3). Walk clockwise: hole 11 held 0, now 1: stop.
    // P0 captures 3. Board: 0 + 1*5 + 10 (hole 3) = 15 > 8.
    let mut game = position(
        Options::two(),
        [2, 0, 0, 10, 0, 1, 5, 0, 0, 0, 0, 0],
        [0, 0],
        Player::P0,
    );
    let (report, captures) = play(&mut game, sow(5));
    assert_eq!(captures, [(0, 3)]);
    assert_eq!(report.seeds, 3);
    assert_eq!(
        (report.laps, report.landing),
        (2, Some(Landing::Hole(pit(0))))
    );
    assert_eq!(holes(&game), [0, 0, 0, 10, 0, 0, 0, 1, 1, 1, 1, 1]);
    assert_eq!(stores(&game), [3, 0]);
    assert_eq!(game.to_move(), Some(Player::P1));
}

// ---------------------------------------------------------------------------
// Captures
// ---------------------------------------------------------------------------

/// P1 sows hole 7 (5 seeds): holes 8, 9, 10, 11, 0 become 1, 3, 2, 3, 2.
/// The last seed made hole 0 (P0's) hold 2.
fn crossing_position(chain: Chain) -> Mankka {
    let mut options = Options::two();
    options.chain = chain;
    position(
        options,
        [1, 0, 10, 0, 0, 0, 5, 5, 0, 2, 1, 2],
        [0, 0],
        Player::P1,
    )
}

#[test]
fn chain_crosses_sides_mixes_twos_and_threes_and_stops_at_a_one() {
    // Cross chain: capture hole 0 (2), then clockwise 11 (3), 10 (2), 9 (3);
    // hole 8 holds 1: stop. P1 captures 2 + 3 + 2 + 3 = 10.
    let mut game = crossing_position(Chain::Cross);
    let (report, captures) = play(&mut game, sow(7));
    assert_eq!(captures, [(0, 2), (9, 3), (10, 2), (11, 3)]);
    assert_eq!((report.seeds, report.laps), (10, 1));
    assert_eq!(report.landing, Some(Landing::Hole(pit(0))));
    assert_eq!(holes(&game), [0, 0, 10, 0, 0, 0, 5, 0, 1, 0, 0, 0]);
    assert_eq!(stores(&game), [0, 10]);
    assert_eq!(game.to_move(), Some(Player::P0));
    assert!(!game.is_over());
}

#[test]
fn side_chain_stops_at_the_edge_of_the_landing_side() {
    // Same move under `side`: hole 0 (2) is on P0's side; the next hole
    // clockwise, 11, is on P1's side: stop. P1 captures 2.
    let mut game = crossing_position(Chain::Side);
    let (report, captures) = play(&mut game, sow(7));
    assert_eq!(captures, [(0, 2)]);
    assert_eq!(report.seeds, 2);
    assert_eq!(report.landing, Some(Landing::Hole(pit(0))));
    assert_eq!(holes(&game), [0, 0, 10, 0, 0, 0, 5, 0, 1, 3, 2, 3]);
    assert_eq!(stores(&game), [0, 2]);
}

/// P0 sows hole 3 (4 seeds): holes 4, 5, 6, 7 become 4, 2, 3, 2. The last
/// seed made hole 7 (P1's) hold 2.
fn stop_at_four_position(chain: Chain) -> Mankka {
    let mut options = Options::two();
    options.chain = chain;
    position(
        options,
        [0, 0, 0, 4, 3, 1, 2, 1, 0, 0, 0, 12],
        [0, 0],
        Player::P0,
    )
}

#[test]
fn chain_stops_at_a_four() {
    // Cross: capture 7 (2), 6 (3), then 5 (2) on P0's own side; hole 4
    // holds 4: stop. P0 captures 7.
    let mut game = stop_at_four_position(Chain::Cross);
    let (report, captures) = play(&mut game, sow(3));
    assert_eq!(captures, [(5, 2), (6, 3), (7, 2)]);
    assert_eq!(report.seeds, 7);
    assert_eq!(report.landing, Some(Landing::Hole(pit(7))));
    assert_eq!(holes(&game), [0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 12]);
    assert_eq!(stores(&game), [7, 0]);
}

#[test]
fn side_chain_stops_before_the_movers_side() {
    // Side: capture 7 (2), 6 (3); hole 5 is on the other side: stop. P0
    // captures 5; hole 5 keeps its 2.
    let mut game = stop_at_four_position(Chain::Side);
    let (report, captures) = play(&mut game, sow(3));
    assert_eq!(captures, [(6, 3), (7, 2)]);
    assert_eq!(report.seeds, 5);
    assert_eq!(report.landing, Some(Landing::Hole(pit(7))));
    assert_eq!(holes(&game), [0, 0, 0, 0, 4, 2, 0, 0, 0, 0, 0, 12]);
    assert_eq!(stores(&game), [5, 0]);
}

#[test]
fn capture_on_the_movers_own_side() {
    // P0 sows hole 0 (2 seeds): holes 1 (1 -> 2) and 2 (2 -> 3). Hole 2
    // holds 3, on P0's own side: capture it; clockwise hole 1 holds 2:
    // capture; hole 0 (just lifted, 0): stop. P0 captures 5.
    let mut game = position(
        Options::two(),
        [2, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 12],
        [1, 2],
        Player::P0,
    );
    let (report, captures) = play(&mut game, sow(0));
    assert_eq!(captures, [(1, 2), (2, 3)]);
    assert_eq!(report.seeds, 5);
    assert_eq!(report.landing, Some(Landing::Hole(pit(2))));
    assert_eq!(holes(&game), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12]);
    assert_eq!(stores(&game), [6, 2]);
    assert_eq!(game.to_move(), Some(Player::P1));
}

#[test]
fn capture_chain_wraps_from_hole_zero_to_hole_eleven() {
    // P1 sows hole 11 (1 seed) across the wrap into hole 0: 2 -> 3,
    // capture; clockwise, hole 11 (just lifted, 0): stop. P1 captures 3 from
    // P0's side; 12 seeds stay on the board.
    let mut game = position(
        Options::two(),
        [2, 0, 0, 0, 0, 9, 3, 0, 0, 0, 0, 1],
        [0, 0],
        Player::P1,
    );
    let (report, captures) = play(&mut game, sow(11));
    assert_eq!(captures, [(0, 3)]);
    assert_eq!(report.seeds, 3);
    assert_eq!(report.landing, Some(Landing::Hole(pit(0))));
    assert_eq!(holes(&game), [0, 0, 0, 0, 0, 9, 3, 0, 0, 0, 0, 0]);
    assert_eq!(stores(&game), [0, 3]);
}

// ---------------------------------------------------------------------------
// Early ends
// ---------------------------------------------------------------------------

#[test]
fn at_most_eight_left_after_a_sowing_move_ends_the_game() {
    // P0 sows hole 0 into the empty hole 1: the turn ends with 1 + 7 = 8
    // seeds on the board: the game is over. Stores 20 vs 13: P0 wins (the 8
    // left are not counted).
    let mut game = position(
        Options::two(),
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7],
        [20, 13],
        Player::P0,
    );
    game.play(sow(0)).unwrap();
    assert_eq!(holes(&game), [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7]);
    assert!(game.is_over());
    assert_eq!(game.to_move(), None);
    assert_eq!(game.scores().as_slice(), &[20, 13]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P0)));
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        refused(&mut game, sow(11)),
        PlayError::Core(CorePlayError::GameOver)
    );
    assert_eq!(
        refused(&mut game, Move::Pass),
        PlayError::Core(CorePlayError::GameOver)
    );
}

#[test]
fn nine_left_does_not_end_the_game() {
    // Same move with 8 in hole 11: 9 seeds left, more than 8: play on, P1
    // to move with hole 11.
    let mut game = position(
        Options::two(),
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8],
        [20, 11],
        Player::P0,
    );
    game.play(sow(0)).unwrap();
    assert!(!game.is_over());
    assert_eq!(game.to_move(), Some(Player::P1));
    assert_eq!(game.legal_moves().as_slice(), &[sow(11)]);
}

#[test]
fn a_capture_down_to_eight_ends_the_game() {
    // P0 sows hole 5 (1 seed) into hole 6: 1 -> 2, capture; hole 5 (0):
    // stop. 10 - 2 = 8 left: over. Stores 10 + 2 = 12 vs 12: a draw.
    let mut game = position(
        Options::two(),
        [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 8],
        [10, 12],
        Player::P0,
    );
    let (report, captures) = play(&mut game, sow(5));
    assert_eq!(report.seeds, 2);
    assert_eq!(captures, [(6, 2)]);
    assert!(game.is_over());
    assert_eq!(game.scores().as_slice(), &[12, 12]);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn another_threshold() {
    // Threshold 4: the move of `at_most_eight_left...` on [1, .., 4] leaves
    // 5 > 4: play on; under the default 8 the same move ends the game.
    let board = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4];
    let mut four = Options::two();
    four.end_threshold = 4;
    let mut game = position(four, board, [20, 19], Player::P0);
    game.play(sow(0)).unwrap();
    assert!(!game.is_over());
    let mut eight = position(Options::two(), board, [20, 19], Player::P0);
    eight.play(sow(0)).unwrap();
    assert!(eight.is_over());
    // At threshold 4: P1 sows 11 (4 seeds) into 0, 1, 2, 3 (0 -> 1,
    // 1 -> 2, 0 -> 1, 0 -> 1); the last seed fell in the empty hole 3: the
    // turn ends, 5 left (> 4), P0 to move.
    game.play(sow(11)).unwrap();
    assert_eq!(holes(&game), [1, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(game.to_move(), Some(Player::P0));
    // P0 sows hole 3 into the empty hole 4: 5 left, but P1 has nothing:
    // over by the other early end.
    game.play(sow(3)).unwrap();
    assert!(game.is_over());

    // Exactly 4 left at threshold 4 ends it: P0 sows 0 into empty 1 on
    // [1, .., 3]: 4 left.
    let mut game = position(
        four,
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3],
        [20, 21],
        Player::P0,
    );
    game.play(sow(0)).unwrap();
    assert!(game.is_over());
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));
}

#[test]
fn the_threshold_is_not_applied_to_a_setup() {
    // A setup with 2 seeds on the board (<= 8) is a live game: the threshold
    // is judged only after sowing moves.
    let game = position(
        Options::two(),
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [23, 23],
        Player::P0,
    );
    assert!(!game.is_over());
    assert_eq!(game.legal_moves().as_slice(), &[sow(0)]);
    // Nor to the opening: threshold 40 (> 36 on the board) does not end a
    // game in its opening, only the first sowing move.
    let mut options = Options::two();
    options.end_threshold = 40;
    let mut game = Mankka::new(options).unwrap();
    assert!(!game.is_over());
    game.play(Move::Place(Placement::new([6, 0, 0, 0, 0, 0])))
        .unwrap();
    assert!(!game.is_over());
    game.play(Move::Place(Placement::new([6, 0, 0, 0, 0, 0])))
        .unwrap();
    assert!(!game.is_over());
    // 48 seeds on the board after the opening; the first sowing move is
    // judged: the game ends iff at most 40 are left.
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    assert_eq!(game.is_over(), game.board().on_board() <= 40);
}

#[test]
fn game_ends_when_the_player_to_move_has_nothing() {
    // P0 sows hole 0 into the empty hole 1; 21 seeds stay on the board (> 8)
    // but P1 has none: the game is over. Stores 5 vs 6: P1 wins; the 21 on
    // P0's side are not counted.
    let mut game = position(
        Options::one(),
        [1, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0],
        [5, 6],
        Player::P0,
    );
    game.play(sow(0)).unwrap();
    assert_eq!(holes(&game), [0, 1, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0]);
    assert!(game.is_over());
    assert_eq!(game.scores().as_slice(), &[5, 6]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));

    // A setup whose player to move has nothing is over at once.
    let game = position(
        Options::one(),
        [0, 1, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0],
        [5, 6],
        Player::P1,
    );
    assert!(game.is_over());
    assert!(game.legal_moves().is_empty());
}

// ---------------------------------------------------------------------------
// The variant without early ends: passes and repetitions
// ---------------------------------------------------------------------------

fn no_early_end() -> Options {
    let mut options = Options::two();
    options.early_end = false;
    options
}

#[test]
fn pass_variant_played_to_its_end_by_repetition() {
    // One seed on the board, in P1's hole 6, P0 to move. Whoever has the
    // seed sows it one hole on (into an empty hole: the turn ends); the
    // other must pass. Positions (player to move, hole of the seed):
    // (P0,6) pass (P1,6) sow (P0,7) pass (P1,7) ... sow 11 -> (P0,0) sow
    // (P1,1) pass (P0,1) ... (P0,5) sow -> (P1,6), seen after ply 1: the
    // game ends. Plies: 12 on P1's side (6 passes, 6 sows), then 11 (P0
    // sows 0..=5, P1 passes 5 times) = 23. Stores 24 vs 23: P0 wins.
    let mut game = position(
        no_early_end(),
        [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
        [24, 23],
        Player::P0,
    );
    let mut plies = Vec::new();
    while let Some(mover) = game.to_move() {
        let legal = game.legal_moves();
        assert_eq!(legal.len(), 1, "one move at a time: {legal:?}");
        let mv = legal[0];
        let seed = game.board().holes().iter().position(|&c| c == 1).unwrap();
        let mine = (seed < 6) == (mover == Player::P0);
        if mine {
            assert_eq!(mv, sow(seed));
            // The player who can move may not pass.
            assert_eq!(
                refused(&mut game, Move::Pass),
                PlayError::Core(CorePlayError::CannotPass)
            );
        } else {
            assert_eq!(mv, Move::Pass);
            // A stuck player's sowing moves are refused.
            assert!(matches!(
                refused(&mut game, sow(seed)),
                PlayError::Core(CorePlayError::NotYourHole { .. })
            ));
        }
        game.play(mv).unwrap();
        plies.push(mv);
        assert!(plies.len() <= 100);
    }
    assert_eq!(plies.len(), 23);
    assert_eq!(plies.last(), Some(&sow(5)));
    assert_eq!(holes(&game), [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));
}

#[test]
fn pass_variant_ends_when_neither_can_move() {
    // P0 sows hole 5 (1 seed) into hole 6: 1 -> 2, capture; hole 5: stop.
    // The board is empty: neither can move, the game is over (the early end
    // at 8 does not apply in this variant, so this is the only reason).
    // Stores 3 + 2 = 5 vs 3: P0 wins.
    let mut game = position(
        no_early_end(),
        [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0],
        [3, 3],
        Player::P0,
    );
    game.play(sow(5)).unwrap();
    assert!(game.is_over());
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));
    assert_eq!(
        refused(&mut game, Move::Pass),
        PlayError::Core(CorePlayError::GameOver)
    );
}

#[test]
fn pass_variant_ignores_the_threshold() {
    // With early_end off, 2 seeds left after a move do not end the game.
    let mut game = position(
        no_early_end(),
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [23, 23],
        Player::P0,
    );
    game.play(sow(0)).unwrap();
    assert!(!game.is_over());
    assert_eq!(game.to_move(), Some(Player::P1));
}

#[test]
fn pass_is_refused_with_early_ends() {
    // Under the early ends there are no passes at all.
    let mut game = position(
        Options::two(),
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20],
        [0, 0],
        Player::P0,
    );
    assert_eq!(
        refused(&mut game, Move::Pass),
        PlayError::Core(CorePlayError::CannotPass)
    );
}

#[test]
fn repetition_from_a_setup_history() {
    // P1 to move with the seed in hole 6; the history says (P0 to move, seed
    // in hole 7) was seen. P1 sows 6 -> 7: that position repeats: over.
    let board = [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut setup = Setup::new(no_early_end());
    setup.board = board.to_vec();
    setup.stores = vec![23, 24];
    setup.hands = vec![0, 0];
    setup.to_move = Player::P1;
    let mut seen = board.to_vec();
    seen.swap(6, 7);
    setup.history = vec![SeenPosition {
        board: seen,
        to_move: Player::P0,
    }];
    let mut game = Mankka::from_setup(setup.clone()).unwrap();
    assert!(!game.is_over());
    assert_eq!(game.to_setup(), setup);
    game.play(sow(6)).unwrap();
    assert!(game.is_over());
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));

    // Without the history the same move goes on: P0 must pass.
    setup.history.clear();
    let mut game = Mankka::from_setup(setup).unwrap();
    game.play(sow(6)).unwrap();
    assert!(!game.is_over());
    assert_eq!(game.legal_moves().as_slice(), &[Move::Pass]);
}

#[test]
fn a_history_with_the_current_position_or_a_repeat_is_refused() {
    // Reaching a remembered position ends the game: a live game never
    // remembers the current position, nor one position twice.
    let board = [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut other = board.to_vec();
    other.swap(6, 7);
    let seen = |board: &[u16], to_move: Player| SeenPosition {
        board: board.to_vec(),
        to_move,
    };
    let mut setup = Setup::new(no_early_end());
    setup.board = board.to_vec();
    setup.stores = vec![23, 24];
    setup.hands = vec![0, 0];
    setup.to_move = Player::P1;
    setup.history = vec![seen(&other, Player::P0), seen(&board, Player::P1)];
    assert_eq!(
        Mankka::from_setup(setup.clone()),
        Err(SetupError::Position(
            mancala_core::SetupError::CurrentInHistory { index: 1 }
        ))
    );
    setup.history = vec![seen(&other, Player::P0), seen(&other, Player::P0)];
    assert_eq!(
        Mankka::from_setup(setup.clone()),
        Err(SetupError::Position(
            mancala_core::SetupError::RepeatedHistory {
                index: 1,
                earlier: 0
            }
        ))
    );
    setup.history = vec![seen(&other, Player::P0), seen(&other, Player::P1)];
    assert!(!Mankka::from_setup(setup).unwrap().is_over());
}

#[test]
fn a_capture_clears_the_repetition_history() {
    // The history holds a position with 4 seeds on the board; after a
    // capture the position with fewer seeds cannot repeat it and the
    // history restarts from the new position.
    let board = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 10];
    let mut setup = Setup::new(no_early_end());
    setup.board = board.to_vec();
    setup.stores = vec![0, 0];
    setup.hands = vec![0, 0];
    setup.history = vec![SeenPosition {
        board: vec![0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 10],
        to_move: Player::P1,
    }];
    let mut game = Mankka::from_setup(setup).unwrap();
    game.play(sow(5)).unwrap(); // captures hole 6 (2)
    assert_eq!(stores(&game), [2, 0]);
    assert!(!game.is_over());
    assert!(game.to_setup().history.is_empty());
}

// ---------------------------------------------------------------------------
// The opening
// ---------------------------------------------------------------------------

#[test]
fn mankka_two_opening_placements() {
    let mut game = Mankka::new(Options::two()).unwrap();
    assert_eq!(game.hands().as_slice(), [6, 6]);
    assert!(game.in_opening());
    assert_eq!(holes(&game), [3; 12]);

    for player in [Player::P0, Player::P1] {
        assert_eq!(game.to_move(), Some(player));
        let legal = game.legal_moves();
        assert_eq!(legal.len(), 462);
        let mut distinct = std::collections::HashSet::new();
        for &mv in &legal {
            let Move::Place(p) = mv else {
                panic!("{mv} in the opening");
            };
            assert_eq!(p.total(), 6);
            assert_eq!(p.counts.iter().sum::<u16>(), 6);
            assert!(distinct.insert(p.counts));
            assert_eq!(Placement::new(p.counts), p);
        }
        let all: Vec<Move> = Placement::all(6).map(Move::Place).collect();
        assert_eq!(all.as_slice(), legal.as_slice());
        assert_eq!(game.legal_actions(player).len(), 462);
        assert!(game.legal_actions(player.next(2)).is_empty());

        // Errors, each leaving the state as it was.
        for counts in [
            [1, 1, 1, 1, 1, 0],
            [1, 1, 1, 1, 1, 2],
            [0; 6],
            [7, 0, 0, 0, 0, 0],
        ] {
            let found: u32 = counts.iter().map(|&c| u32::from(c)).sum();
            assert_eq!(
                refused(&mut game, Move::Place(Placement::new(counts))),
                PlayError::WrongTotal { expected: 6, found }
            );
        }
        // A placement offered by the other player makes no move.
        let other = player.next(2);
        assert_eq!(
            game.joint_move(&[(other, Move::Place(Placement::new([1; 6])))]),
            Err(PlayError::Core(CorePlayError::Joint(
                JointMoveError::WrongPlayer {
                    given: other,
                    expected: player
                }
            )))
        );
        assert_eq!(
            game.joint_move(&[(player, Move::Place(Placement::new([1; 6])))]),
            Ok(Move::Place(Placement::new([1; 6])))
        );
        let own = if player == Player::P0 { 0 } else { 6 };
        assert_eq!(
            refused(&mut game, sow(own)),
            PlayError::Core(CorePlayError::MustPlace)
        );
        assert_eq!(
            refused(&mut game, Move::Pass),
            PlayError::Core(CorePlayError::MustPlace)
        );
        // Every placement is accepted (on a copy).
        for &mv in &legal {
            assert!(game.clone().play(mv).is_ok());
        }

        // The placements build from counts, from each player's own left.
        let counts = if player == Player::P0 {
            [1, 2, 0, 0, 3, 0]
        } else {
            [0, 0, 0, 0, 0, 6]
        };
        let report = game.play(Move::Place(Placement::new(counts))).unwrap();
        assert!(report.captured.is_empty());
        assert_eq!((report.mover, report.seeds, report.laps), (player, 0, 0));
        assert_eq!(report.played, Move::Place(Placement::new(counts)));
    }
    // P0 placed 1+2+0+0+3+0, P1 0+0+0+0+0+6.
    assert_eq!(holes(&game), [4, 5, 3, 3, 6, 3, 3, 3, 3, 3, 3, 9]);
    assert_eq!(game.hands().as_slice(), [0, 0]);
    assert!(!game.in_opening());
    assert_eq!(game.to_move(), Some(Player::P0));
    assert_eq!(stores(&game), [0, 0]);
    // Now sowing moves only (all six holes hold seeds; each is a sow, legal
    // unless it relays forever).
    let legal = game.legal_moves();
    assert!(!legal.is_empty());
    assert!(
        legal
            .iter()
            .all(|m| matches!(m, Move::Sow(p) if p.index() < 6))
    );
    assert_eq!(
        refused(&mut game, Move::Place(Placement::new([1; 6]))),
        PlayError::NotPlacing
    );
    assert_eq!(
        refused(&mut game, Move::Place(Placement::new([0; 6]))),
        PlayError::NotPlacing
    );
}

#[test]
fn after_the_first_placement_player_one_still_places() {
    let mut game = Mankka::new(Options::two()).unwrap();
    game.play(Move::Place(Placement::new([6, 0, 0, 0, 0, 0])))
        .unwrap();
    assert_eq!(game.hands().as_slice(), [0, 6]);
    assert!(game.in_opening());
    // P0's placement again, now refused: it is P1's turn.
    let again = Move::Place(Placement::new([6, 0, 0, 0, 0, 0]));
    assert_eq!(
        game.joint_move(&[(Player::P0, again)]),
        Err(PlayError::Core(CorePlayError::Joint(
            JointMoveError::WrongPlayer {
                given: Player::P0,
                expected: Player::P1
            }
        )))
    );
    assert_eq!(
        refused(&mut game, sow(6)),
        PlayError::Core(CorePlayError::MustPlace)
    );
    assert_eq!(
        refused(&mut game, sow(0)),
        PlayError::Core(CorePlayError::MustPlace)
    );
    // The same counts played now are P1's placement, from his own left:
    // hole 6 gets the six.
    assert_eq!(game.joint_move(&[(Player::P1, again)]), Ok(again));
    game.play(again).unwrap();
    assert_eq!(holes(&game), [9, 3, 3, 3, 3, 3, 9, 3, 3, 3, 3, 3]);
    assert_eq!(game.hands().as_slice(), [0, 0]);
    assert_eq!(game.to_move(), Some(Player::P0));
}

#[test]
fn mankka_one_has_no_opening() {
    let mut game = Mankka::new(Options::one()).unwrap();
    assert_eq!(game.options().variant, Variant::One);
    assert_eq!(game.hands().as_slice(), [0, 0]);
    assert!(!game.in_opening());
    assert_eq!(holes(&game), [4; 12]);
    let legal = game.legal_moves();
    assert_eq!(legal.as_slice(), &(0..6).map(sow).collect::<Vec<_>>()[..]);
    assert_eq!(
        refused(&mut game, Move::Place(Placement::new([0; 6]))),
        PlayError::NotPlacing
    );
    // P0 sows hole 0 (4): holes 1..=4 get 5 each; hole 4 holds 5: relay.
    // (Checked only for being accepted: the laps are long.)
    assert!(game.play(sow(0)).is_ok());
}

// ---------------------------------------------------------------------------
// Endless relays (conformance/mankka_endless.jsonl, inlined)
// ---------------------------------------------------------------------------

/// (variant, board, stores, player to move, hole).
type EndlessCase = (Variant, [u16; 12], [u16; 2], Player, usize);

const ENDLESS: [EndlessCase; 2] = [
    (
        Variant::Two,
        [4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1],
        [10, 11],
        Player::P0,
        2,
    ),
    (
        Variant::One,
        [0, 3, 6, 2, 5, 1, 4, 7, 2, 5, 1, 4],
        [4, 4],
        Player::P1,
        7,
    ),
];

fn endless_options(variant: Variant, endless: Endless, early_end: bool) -> Options {
    let mut options = match variant {
        Variant::Two => Options::two(),
        Variant::One => Options::one(),
    };
    options.endless = endless;
    options.early_end = early_end;
    options
}

#[test]
fn endless_relays_are_refused_by_default() {
    for early_end in [true, false] {
        for (variant, board, st, to_move, hole) in ENDLESS {
            let options = endless_options(variant, Endless::Forbid, early_end);
            assert_eq!(options.endless, Endless::Forbid);
            let mut game = position(options, board, st, to_move);
            assert!(!game.legal_moves().contains(&sow(hole)));
            let err = refused(&mut game, sow(hole));
            assert!(
                matches!(err, PlayError::Core(CorePlayError::Endless { pit, .. }) if pit == self::pit(hole)),
                "{err:?}"
            );
        }
    }
}

#[test]
fn endless_relays_stop_under_endless_stop() {
    for early_end in [true, false] {
        for (variant, board, st, to_move, hole) in ENDLESS {
            let options = endless_options(variant, Endless::Stop, early_end);
            let mut game = position(options, board, st, to_move);
            assert!(game.legal_moves().contains(&sow(hole)));
            let (report, captures) = play(&mut game, sow(hole));
            assert!(report.captured.is_empty() && captures.is_empty());
            assert!(report.endless);
            assert_eq!(holes(&game), board);
            assert_eq!(stores(&game), st);
            assert_eq!(game.hands().as_slice(), [0, 0]);
            assert_eq!(game.to_move(), Some(to_move.next(2)));
        }
    }
}

#[test]
fn rules_md_endless_example() {
    // RULES.md: Mankka board [4,2,5,2,0,3,1,4,2,0,3,1], player 0 moving hole
    // 2, relays forever. Hole 2 (5 seeds): holes 3..=7 -> 3, 1, 4, 2, 5;
    // hole 7 held 4, now 5: relay, and so on without end.
    let mut game = position(
        Options::two(),
        [4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1],
        [10, 11],
        Player::P0,
    );
    let err = refused(&mut game, sow(2));
    let PlayError::Core(CorePlayError::Endless { pit, cause }) = err else {
        panic!("{err:?}");
    };
    assert_eq!(pit, self::pit(2));
    assert!(cause.cycle_laps > 0);
    // The other moves are still legal (or not) on their own merits; the
    // player still has a move, so the game is live.
    assert!(!game.is_over());
}

/// A setup in the opening whose player to move has no seeds on his side
/// would be over at once, with seeds still in hand: no game reaches it (the
/// placers' sides hold 3 a hole until the opening ends), so it is refused,
/// and every accepted setup round-trips.
#[test]
fn an_opening_with_an_empty_side_is_refused() {
    let mut s = Setup::new(Options::two());
    s.board = vec![0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3];
    s.stores = vec![12, 6];
    s.hands = vec![6, 6];
    assert_eq!(
        Mankka::from_setup(s).unwrap_err(),
        mankka::SetupError::HandsAfterOpening
    );
    // A hand is the variant's six or nothing.
    let mut s = Setup::new(Options::two());
    s.hands = vec![5, 6];
    assert_eq!(
        Mankka::from_setup(s).unwrap_err(),
        mankka::SetupError::HandSize {
            expected: 6,
            found: 5
        }
    );
}

// ---------------------------------------------------------------------------
// The fast path and the trait
// ---------------------------------------------------------------------------

#[test]
fn play_unchecked_is_play_for_legal_moves() {
    // The relay-and-capture position above: the same state and report.
    let board = [2, 0, 0, 10, 0, 1, 5, 0, 0, 0, 0, 0];
    let mut checked = position(Options::two(), board, [0, 0], Player::P0);
    let mut fast = checked.clone();
    let report = checked.play(sow(5)).unwrap();
    assert_eq!(fast.play_unchecked(sow(5)), report);
    assert_eq!(fast, checked);
    // Placements and passes too.
    let mut checked = Mankka::default();
    let mut fast = checked.clone();
    let place = Move::Place(Placement::new([0, 1, 2, 3, 0, 0]));
    assert_eq!(fast.play_unchecked(place), checked.play(place).unwrap());
    assert_eq!(fast, checked);
    let mut checked = position(
        no_early_end(),
        [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
        [24, 23],
        Player::P0,
    );
    let mut fast = checked.clone();
    assert_eq!(
        fast.play_unchecked(Move::Pass),
        checked.play(Move::Pass).unwrap()
    );
    assert_eq!(fast, checked);
}

#[test]
fn play_unchecked_keeps_the_cheap_checks() {
    // In the opening a sowing move or a pass changes nothing, and so does a
    // placement of the wrong total.
    let mut game = Mankka::default();
    let start = game.clone();
    for mv in [
        sow(0),
        Move::Pass,
        Move::Place(Placement::new([7, 0, 0, 0, 0, 0])),
    ] {
        let report = game.play_unchecked(mv);
        assert_eq!(game, start, "{mv}");
        assert_eq!((report.landing, report.seeds), (None, 0));
    }
    // After the opening, an empty hole, a hole off the board, a placement,
    // a forbidden endless relay; and any move once the game is over.
    let board = [4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1];
    let mut game = position(Options::two(), board, [10, 11], Player::P0);
    let before = game.clone();
    for mv in [sow(4), sow(13), sow(2), Move::Place(Placement::new([1; 6]))] {
        let report = game.play_unchecked(mv);
        assert_eq!(game, before, "{mv}");
        assert_eq!(report.landing, None);
    }
    let mut game = position(
        Options::two(),
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7],
        [20, 13],
        Player::P0,
    );
    game.play(sow(0)).unwrap();
    assert!(game.is_over());
    let over = game.clone();
    for mv in [
        sow(11),
        sow(1),
        Move::Pass,
        Move::Place(Placement::new([1; 6])),
    ] {
        let report = game.play_unchecked(mv);
        assert_eq!(game, over, "{mv}");
        assert_eq!((report.mover, report.landing), (Player::P1, None));
    }
}

#[test]
fn play_unchecked_plays_what_it_does_not_check() {
    // P1's hole 11, played by P0 on the fast path, which does not look at
    // owners: its seed makes hole 0 hold 6: relay; lap 2 lifts 6 from hole
    // 0 into holes 1..=6; hole 6 was empty: the turn ends. 11 seeds left;
    // P1 to move.
    let mut game = position(
        Options::two(),
        [5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 1],
        [0, 0],
        Player::P0,
    );
    assert_eq!(
        game.play(sow(11)),
        Err(PlayError::Core(CorePlayError::NotYourHole {
            pit: pit(11),
            owner: Player::P1,
            mover: Player::P0
        }))
    );
    let report = game.play_unchecked(sow(11));
    assert_eq!((report.mover, report.laps), (Player::P0, 2));
    assert_eq!(report.landing, Some(Landing::Hole(pit(6))));
    assert_eq!(holes(&game), [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 5, 0]);
    assert_eq!(game.to_move(), Some(Player::P1));
}

#[test]
fn a_pass_is_the_engines_pass() {
    // Without the early ends, a player with no seeds has one legal action,
    // the pass, which joint_move and play take like any move.
    let mut game = position(
        no_early_end(),
        [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
        [24, 23],
        Player::P0,
    );
    assert_eq!(game.legal_actions(Player::P0).as_slice(), &[Move::Pass]);
    assert!(game.legal_actions(Player::P1).is_empty());
    assert!(game.is_legal(&Move::Pass));
    let mv = game.joint_move(&[(Player::P0, Move::Pass)]).unwrap();
    let report = game.play(mv).unwrap();
    assert_eq!((report.mover, report.played), (Player::P0, Move::Pass));
    assert_eq!((report.landing, report.laps, report.seeds), (None, 0, 0));
    assert_eq!(game.to_move(), Some(Player::P1));
    assert_eq!(game.legal_actions(Player::P1).as_slice(), &[sow(6)]);
    assert!(!game.is_legal(&Move::Pass));
}

#[test]
fn joint_move_takes_one_action_of_the_player_to_move() {
    let game = Mankka::new(Options::one()).unwrap();
    assert_eq!(game.joint_move(&[(Player::P0, sow(2))]), Ok(sow(2)));
    assert_eq!(
        game.joint_move(&[]),
        Err(PlayError::Core(CorePlayError::Joint(
            JointMoveError::Count(0)
        )))
    );
    assert_eq!(
        game.joint_move(&[(Player::P0, sow(2)), (Player::P1, sow(7))]),
        Err(PlayError::Core(CorePlayError::Joint(
            JointMoveError::Count(2)
        )))
    );
    let mut over = position(
        Options::one(),
        [0, 1, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0],
        [5, 6],
        Player::P1,
    );
    assert!(over.is_over());
    assert_eq!(
        over.joint_move(&[(Player::P1, sow(6))]),
        Err(PlayError::Core(CorePlayError::Joint(
            JointMoveError::GameOver
        )))
    );
    assert_eq!(
        refused(&mut over, sow(6)),
        PlayError::Core(CorePlayError::GameOver)
    );
}

#[test]
fn the_key_covers_board_stores_hands_player_and_end() {
    let start = Mankka::default();
    let mut setup = start.to_setup();
    setup.hands = vec![0, 0];
    let no_hands = Mankka::from_setup(setup.clone()).unwrap();
    assert_ne!(no_hands.key(), start.key());
    setup.to_move = Player::P1;
    let other_player = Mankka::from_setup(setup.clone()).unwrap();
    assert_ne!(other_player.key(), no_hands.key());
    setup.stores = vec![1, 0];
    let stores = Mankka::from_setup(setup).unwrap();
    assert_ne!(stores.key(), other_player.key());
    // The same position through its setup: the same key.
    assert_eq!(
        Mankka::from_setup(start.to_setup()).unwrap().key(),
        start.key()
    );
}

#[test]
fn a_placement_can_end_the_game_and_the_state_reads_back() {
    // A setup in the opening whose other side is empty: P0 places, and P1,
    // who still holds his hand, has no sowing move: the game is over (the
    // early end "the player to move has nothing"), with P1's hand unplaced.
    let mut game: Mankka = "3,3,3,3,3,3/0,0,0,0,0,0 12,6 6,6 0".parse().unwrap();
    assert!(game.in_opening());
    game.play(Move::Place(Placement::new([1; 6]))).unwrap();
    assert!(game.is_over());
    assert_eq!(game.hands().as_slice(), [0, 6]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));
    let text = game.to_string();
    assert_eq!(text, "4,4,4,4,4,4/0,0,0,0,0,0 12,6 0,6 1 over");
    assert_eq!(text.parse::<Mankka>().unwrap(), game);
    // A finished game where the player who moved last still holds his hand
    // is refused: no placement ended it.
    assert_eq!(
        "4,4,4,4,4,4/0,0,0,0,0,0 12,6 6,0 1 over".parse::<Mankka>(),
        Err(ParseError::Setup(SetupError::HandsAfterOpening))
    );
}

#[test]
fn the_player_to_move_holds_his_hand_while_anyone_does() {
    // Placements come first and alternate: a player who has placed is never
    // to move while the other still holds his hand.
    for (hands, to_move, ok) in [
        ([6, 6], Player::P0, true),
        ([6, 6], Player::P1, true),
        ([0, 6], Player::P1, true),
        ([6, 0], Player::P0, true),
        ([0, 6], Player::P0, false),
        ([6, 0], Player::P1, false),
        ([0, 0], Player::P1, true),
    ] {
        let mut setup = Setup::new(Options::two());
        setup.hands = hands.to_vec();
        setup.to_move = to_move;
        let result = Mankka::from_setup(setup);
        if ok {
            assert!(result.is_ok(), "{hands:?} {to_move}: {result:?}");
        } else {
            assert_eq!(
                result.unwrap_err(),
                SetupError::HandsAfterOpening,
                "{hands:?} {to_move}"
            );
        }
    }
}

/// The opening's constant table lists exactly the placements of the hand:
/// the compositions of 6 seeds into 6 holes, C(11, 5) = 462, in the order of
/// `Placement::all`; both players see the same list.
#[test]
fn opening_table_is_every_placement_of_the_hand() {
    let mut game = Mankka::default();
    let all: Vec<Move> = Placement::all(Options::two().hand())
        .map(Move::Place)
        .collect();
    assert_eq!(all.len(), 462);
    assert_eq!(game.legal_moves().as_slice(), all.as_slice());
    game.play(all[17]).unwrap();
    assert_eq!(game.legal_moves().as_slice(), all.as_slice());
    game.play(all[400]).unwrap();
    // After the opening: sowing moves only.
    assert!(game.legal_moves().iter().all(|m| matches!(m, Move::Sow(_))));
}

/// Mankka Two's early end is named with the seeds left after the sowing
/// move (at most the threshold, 8), before they go to their owners; a game
/// that goes on has no end reason.
#[test]
fn mankka_two_ends_with_few_seeds_left() {
    let mut rng = mancala_testing::SplitMix::new(0x3a);
    let mut few = 0;
    for _ in 0..40 {
        let mut game = Mankka::default();
        while let Some(p) = game.to_move() {
            assert_eq!(game.end(), None);
            let moves = game.legal_actions(p);
            let mv = moves[rng.below(moves.len())];
            let before = game.clone();
            game.play(mv).unwrap();
            if let Some(End::FewLeft { left, most }) = game.end() {
                assert!(matches!(mv, Move::Sow(_)), "{mv:?}");
                assert_eq!(most, 8);
                assert!(left <= 8 && left < before.board().on_board(), "{left}");
                few += 1;
            }
        }
        assert!(game.end().is_some(), "{game}");
    }
    assert!(few > 0, "no game ended with few seeds left");
}
