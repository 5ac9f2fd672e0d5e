//! Fuzz target `numa`: arbitrary text parsed as a Numa position, joint move,
//! choice, instruction and options (an error, or a value that prints back
//! and reads back the same; positions also pass the shared harness),
//! arbitrary bytes read as a JSON game, setup or joint move (what
//! deserializes is checked and round-trips), then a game from an arbitrary
//! setup (any, not only reachable: `from_setup` refuses exactly the invalid
//! options) or an arbitrary reachable state, driven by arbitrary joint
//! moves. After every turn it checks the family's contract with
//! `mancala_testing::check_state` (the 72 choices as candidates: all
//! legal while the game goes on), that the order of the four instructions
//! does not matter (swapping the players' choices or the instructions
//! inside a choice, or normalizing them, gives the same state and report),
//! that `play`, `play_unchecked` and `joint_move` agree, that a finished game
//! refuses every move and stays unchanged, that scores never decrease and
//! grow by the report's points, that a turn scores at most 30, that the
//! report's paths and pairs match the position, and that the outcome,
//! status and legal actions follow the scores. Nothing may panic.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_testing as testing;
use numa::{
    Choice, Game, Instruction, JointMove, Numa, Options, OptionsError, Outcome, PlayError, Player,
    PlayerSet, Setup, SetupError, Status, TurnReport,
};

/// The longest game played for one input.
const MAX_TURNS: usize = 100;

fn check_text(text: &str) {
    if let Ok(game) = text.parse::<Numa>() {
        testing::check_notation(&game);
        check_state(&game);
    }
    if let Ok(mv) = text.parse::<JointMove>() {
        let shown = mv.to_string();
        assert_eq!(shown.parse::<JointMove>(), Ok(mv), "{text:?} -> {shown:?}");
        assert_eq!(shown.parse::<JointMove>().map(|m| m.to_string()), Ok(shown));
    }
    if let Ok(c) = text.parse::<Choice>() {
        let shown = c.to_string();
        assert_eq!(shown.parse::<Choice>(), Ok(c), "{text:?} -> {shown:?}");
        assert_eq!(
            c.normalized().to_string().parse::<Choice>(),
            Ok(c.normalized())
        );
        let [a, b] = c.instructions();
        assert_ne!(a.shape, b.shape);
        assert_ne!(a.colour, b.colour);
        assert!(Choice::ALL.contains(&c));
    }
    if let Ok(i) = text.parse::<Instruction>() {
        assert_eq!(i.to_string().parse::<Instruction>(), Ok(i), "{text:?}");
    }
    if let Ok(options) = text.parse::<Options>() {
        assert_eq!(options.check(), Ok(()), "{text:?} gave invalid options");
        let shown = options.to_string();
        assert_eq!(
            shown.parse::<Options>(),
            Ok(options),
            "{text:?} -> {shown:?}"
        );
    }
}

fn check_json(bytes: &[u8]) {
    if let Ok(game) = serde_json::from_slice::<Numa>(bytes) {
        check_state(&game);
    }
    if let Ok(setup) = serde_json::from_slice::<Setup>(bytes) {
        check_setup(setup);
    }
    if let Ok(mv) = serde_json::from_slice::<JointMove>(bytes) {
        for c in [mv.arabic, mv.roman] {
            let [a, b] = c.instructions();
            assert!(a.shape != b.shape && a.colour != b.colour);
        }
        let json = serde_json::to_string(&mv).expect("a move serializes");
        assert_eq!(serde_json::from_str::<JointMove>(&json).ok(), Some(mv));
    }
}

/// `from_setup` refuses exactly the setups whose options make no game, and
/// builds what it accepts exactly.
fn check_setup(setup: Setup) {
    match Numa::from_setup(setup) {
        Ok(game) => {
            assert_eq!(game.to_setup(), setup);
            assert_eq!(Numa::try_from(setup), Ok(game));
            check_state(&game);
        }
        Err(SetupError::Options(e)) => {
            assert_eq!(setup.options.check(), Err(e));
            assert!(matches!(
                e,
                OptionsError::ZeroTarget | OptionsError::TargetTooHigh(_)
            ));
            assert_eq!(Numa::new(setup.options), Err(e));
        }
        Err(SetupError::Score { player, score }) => {
            assert!(score > numa::MAX_SCORE);
            assert_eq!(setup.scores[player.index()], score);
        }
        Err(e) => panic!("unexpected setup error {e:?}"),
    }
}

fn check_state(game: &Numa) {
    testing::check_state(game, &Choice::ALL);
    testing::check_serde(game);
    for p in game.pieces() {
        assert!((1..=5).contains(&p.square.x()) && (1..=5).contains(&p.square.y()));
    }
    assert!(game.options().target >= 1);
    let [a, r] = game.points();
    // A tie at SCORE_LIMIT or more is a draw (so every game can end).
    let want = if a.max(r) >= game.options().target && a != r {
        Some(Outcome::Winner(if a > r { Player::P0 } else { Player::P1 }))
    } else if a == r && a >= numa::SCORE_LIMIT {
        Some(Outcome::Draw)
    } else {
        None
    };
    assert_eq!(game.outcome(), want);
    assert_eq!(game.is_over(), want.is_some());
    match (game.status(), want) {
        (Status::Over(o), Some(w)) => assert_eq!(o, w),
        (Status::Simultaneous(set), None) => assert_eq!(set, PlayerSet::all(2)),
        (s, w) => panic!("status {s:?} with outcome {w:?}"),
    }
    assert_eq!(game.player_count(), 2);
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    let legal = if want.is_some() { 0 } else { 72 };
    assert_eq!(game.legal_actions(Player::P0).len(), legal);
    assert_eq!(game.legal_actions(Player::P1).len(), legal);
    assert_eq!(game.scores().as_slice(), &[u64::from(a), u64::from(r)]);
    let (pairs, points) = game.scoring();
    assert!(points[0] + points[1] <= 30, "at most 30 a position");
    assert_eq!(
        pairs.iter().map(|p| p.points).sum::<u32>(),
        points[0] + points[1]
    );
    // Round trips.
    let setup = game.to_setup();
    assert_eq!(
        Numa::from_setup(setup).as_ref(),
        Ok(game),
        "from_setup(to_setup)"
    );
    let setup_json = serde_json::to_string(&setup).expect("a setup serializes");
    let setup_back: Setup = serde_json::from_str(&setup_json).expect("a setup deserializes");
    assert_eq!(setup_back, setup, "setup serde_json round trip");
    let _ = format!("{game:#}");
}

fn swap(c: Choice) -> Choice {
    let [a, b] = c.instructions();
    Choice::new(b, a).unwrap_or_else(|e| panic!("{c} reversed: {e}"))
}

fn check_report(before: &Numa, after: &Numa, mv: JointMove, report: &TurnReport) {
    let (old, new) = (before.points(), after.points());
    assert!(
        new[0] >= old[0] && new[1] >= old[1],
        "scores never decrease"
    );
    // Exact: scores are bounded so that no sum saturates.
    assert_eq!(new, [old[0] + report.points[0], old[1] + report.points[1]]);
    assert!(
        report.points[0] + report.points[1] <= 30,
        "at most 30 a turn"
    );
    let (pairs, points) = after.scoring();
    assert_eq!(pairs, report.pairs);
    assert_eq!(points, report.points);
    let named: Vec<Instruction> = mv
        .arabic
        .instructions()
        .into_iter()
        .chain(mv.roman.instructions())
        .collect();
    for (i, path) in report.paths.iter().enumerate() {
        let piece = after.pieces()[i];
        assert_eq!(path.shape.index(), i);
        assert_eq!(path.from, before.pieces()[i].square);
        let n = named.iter().filter(|x| x.shape.index() == i).count();
        assert_eq!(path.steps.len(), n);
        assert_eq!(
            path.steps.last().copied().unwrap_or(path.from),
            piece.square
        );
        assert_eq!(path.face, piece.face);
        assert_eq!(piece.face != before.pieces()[i].face, n % 2 == 1);
    }
    let _ = report.to_string();
    // Every order of the instructions does the same.
    for k in 0..8 {
        let (mut a, mut r) = (mv.arabic, mv.roman);
        if k & 1 != 0 {
            a = swap(a);
        }
        if k & 2 != 0 {
            r = swap(r);
        }
        if k & 4 != 0 {
            core::mem::swap(&mut a, &mut r);
        }
        let mut other = *before;
        let other_report = other.play_unchecked(JointMove {
            arabic: a,
            roman: r,
        });
        assert_eq!(&other, after, "order {k}");
        assert_eq!(other_report.points, report.points);
        assert_eq!(other_report.pairs, report.pairs);
        let mut normal = *before;
        normal.play_unchecked(JointMove {
            arabic: a.normalized(),
            roman: r.normalized(),
        });
        assert_eq!(&normal, after, "normalized order {k}");
    }
    let json = serde_json::to_string(&mv).expect("a move serializes");
    assert_eq!(serde_json::from_str::<JointMove>(&json).ok(), Some(mv));
    assert_eq!(mv.to_string().parse::<JointMove>(), Ok(mv));
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(mode) = u.arbitrary::<u8>() else {
        return;
    };
    match mode % 4 {
        0 => {
            let text = String::from_utf8_lossy(u.take_rest());
            check_text(&text);
            return;
        }
        1 => {
            check_json(u.take_rest());
            return;
        }
        _ => {}
    }
    let mut game = if mode % 4 == 2 {
        let Ok(setup) = Setup::arbitrary(&mut u) else {
            return;
        };
        check_setup(setup);
        let Ok(game) = Numa::from_setup(setup) else {
            return;
        };
        game
    } else {
        let Ok(game) = Numa::arbitrary(&mut u) else {
            return;
        };
        check_state(&game);
        game
    };
    for _ in 0..MAX_TURNS {
        // An exhausted input would read the same move forever.
        if u.is_empty() {
            break;
        }
        let Ok(mv) = JointMove::arbitrary(&mut u) else {
            break;
        };
        let before = game;
        let pairs = [(Player::P1, mv.roman), (Player::P0, mv.arabic)];
        if game.is_over() {
            assert_eq!(game.play(mv), Err(PlayError::GameOver));
            assert_eq!(game, before, "a refused play changed the state");
            assert_eq!(game.joint_move(&pairs), Err(PlayError::GameOver));
            assert!(!game.is_legal(&mv));
            break;
        }
        assert!(game.is_legal(&mv));
        assert_eq!(game.joint_move(&pairs), Ok(mv));
        let report = game
            .play(mv)
            .unwrap_or_else(|e| panic!("a live game refused {mv}: {e}"));
        let mut unchecked = before;
        assert_eq!(
            unchecked.play_unchecked(mv),
            report,
            "play_unchecked vs play"
        );
        assert_eq!(unchecked, game);
        check_report(&before, &game, mv, &report);
        check_state(&game);
    }
});
