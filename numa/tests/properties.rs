//! Property tests for Numa: random options, positions and joint moves,
//! checked against a small independent model that applies the four
//! instructions in any order, and the family's shared harness
//! (`mancala_testing`): legal actions against what `play` accepts,
//! refused moves, notation, serde and keys.
//!
//! Case counts are modest; set `PROPTEST_CASES` for a longer run.

use mancala_testing as testing;
use numa::{
    Choice, Colour, End, Face, Game, Instruction, JointMove, Numa, Options, Outcome, Piece,
    PlayError, Player, Setup, Shape, Square,
};
use proptest::prelude::*;

/// `PROPTEST_CASES` if set, else `default`.
use mancala_testing::proptest_cases as cases;

// ---------------------------------------------------------------------------
// The model: plain tuples, its own wrap, its own adjacency and scoring.
// ---------------------------------------------------------------------------

/// `(x, y, roman)` for triangle, square, pentagon, circle.
type Model = [(u8, u8, bool); 4];

fn model_of(g: &Numa) -> Model {
    g.pieces()
        .map(|p| (p.square.x(), p.square.y(), p.face == Face::Roman))
}

fn model_apply(m: &mut Model, shape: usize, colour: usize) {
    // colour: 0 yellow (north), 1 red (east), 2 blue (south), 3 green (west).
    let (x, y, roman) = m[shape];
    let wrap = |v: u8, up: bool| {
        if up {
            if v == 5 { 1 } else { v + 1 }
        } else if v == 1 {
            5
        } else {
            v - 1
        }
    };
    let (x, y) = match colour {
        0 => (x, wrap(y, true)),
        1 => (wrap(x, true), y),
        2 => (x, wrap(y, false)),
        _ => (wrap(x, false), y),
    };
    m[shape] = (x, y, !roman);
}

fn colour_index(c: Colour) -> usize {
    match c {
        Colour::Yellow => 0,
        Colour::Red => 1,
        Colour::Blue => 2,
        Colour::Green => 3,
    }
}

fn model_points(m: &Model, wrap: bool) -> [u32; 2] {
    let near = |a: u8, b: u8| {
        let d = (i16::from(a) - i16::from(b)).rem_euclid(5);
        if wrap {
            d <= 1 || d == 4
        } else {
            a.abs_diff(b) <= 1
        }
    };
    let mut points = [0u32; 2];
    for i in 0..4 {
        for j in i + 1..4 {
            let lone = |k: usize| (0..4).all(|o| o == k || (m[o].0, m[o].1) != (m[k].0, m[k].1));
            let (a, b) = (m[i], m[j]);
            let same_square = (a.0, a.1) == (b.0, b.1);
            if a.2 == b.2 && lone(i) && lone(j) && !same_square && near(a.0, b.0) && near(a.1, b.1)
            {
                points[usize::from(a.2)] += (i + 1 + j + 1) as u32;
            }
        }
    }
    points
}

/// All 24 orders of four items.
fn permutations() -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let p = [a, b, c, d];
                    let mut seen = [false; 4];
                    for &i in &p {
                        seen[i] = true;
                    }
                    if seen.iter().all(|&s| s) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Strategies.
// ---------------------------------------------------------------------------

fn options() -> impl Strategy<Value = Options> {
    (1u32..=60, any::<bool>()).prop_map(|(target, wrap_adjacency)| Options {
        target,
        wrap_adjacency,
    })
}

fn a_piece() -> impl Strategy<Value = Piece> {
    (1u8..=5, 1u8..=5, any::<bool>()).prop_map(|(x, y, roman)| Piece {
        square: Square::new(x, y).expect("in range"),
        face: if roman { Face::Roman } else { Face::Arabic },
    })
}

fn start() -> impl Strategy<Value = Numa> {
    prop_oneof![
        options().prop_map(|o| Numa::new(o).expect("targets from 1 make games")),
        (
            options(),
            [a_piece(), a_piece(), a_piece(), a_piece()],
            0u32..40,
            0u32..40
        )
            .prop_map(|(options, pieces, a, r)| Numa::from_setup(Setup {
                options,
                pieces,
                scores: [a, r],
            })
            .expect("targets from 1 make games")),
    ]
}

fn a_choice() -> impl Strategy<Value = Choice> {
    // Either one of the 72, in either order.
    (0usize..72, any::<bool>()).prop_map(|(i, swap)| {
        let c = Choice::all().nth(i).expect("72 choices");
        if swap {
            let [a, b] = c.instructions();
            Choice::new(b, a).expect("legal either way")
        } else {
            c
        }
    })
}

fn a_move() -> impl Strategy<Value = JointMove> {
    (a_choice(), a_choice()).prop_map(|(arabic, roman)| JointMove { arabic, roman })
}

fn an_instruction() -> impl Strategy<Value = Instruction> {
    (0usize..4, 0usize..4).prop_map(|(s, c)| Instruction {
        shape: Shape::ALL[s],
        colour: Colour::ALL[c],
    })
}

fn swap(c: Choice) -> Choice {
    let [a, b] = c.instructions();
    Choice::new(b, a).expect("legal either way")
}

fn check_round_trips(g: &Numa) {
    let setup = g.to_setup();
    assert_eq!(Numa::from_setup(setup), Ok(*g));
    testing::check_serde(g);
    testing::check_notation(g);
    let options = g.options().to_string();
    assert_eq!(options.parse::<Options>(), Ok(*g.options()), "{options}");
    let json = serde_json::to_string(g).expect("serializes");
    let back: Numa = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, *g);
    let json = serde_json::to_string(&setup).expect("serializes");
    let back: Setup = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, setup);
    let json = serde_json::to_string(g.options()).expect("serializes");
    let back: Options = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, *g.options());
}

fn json_piece(x: u8, y: u8) -> String {
    format!(r#"{{"square":[{x},{y}],"face":"arabic"}}"#)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1024), ..ProptestConfig::default() })]

    #[test]
    fn turns_match_the_model_in_every_order(
        start in start(),
        moves in prop::collection::vec(a_move(), 1..40),
    ) {
        let perms = permutations();
        prop_assert_eq!(perms.len(), 24);
        let mut g = start;
        for mv in moves {
            let before = g;
            check_round_trips(&g);
            if g.is_over() {
                prop_assert_eq!(g.play(mv), Err(PlayError::GameOver));
                prop_assert_eq!(g, before);
                prop_assert!(g.legal_actions(Player::P0).is_empty());
                break;
            }
            let report = g.play(mv).expect("the game goes on");
            let mut unchecked = before;
            prop_assert_eq!(&unchecked.play_unchecked(mv), &report);
            prop_assert_eq!(unchecked, g);
            let built = before
                .joint_move(&[(Player::P1, mv.roman), (Player::P0, mv.arabic)])
                .expect("both players");
            prop_assert_eq!(built, mv);

            // The model, in all 24 orders of the four instructions.
            let ins: Vec<Instruction> = mv
                .arabic
                .instructions()
                .into_iter()
                .chain(mv.roman.instructions())
                .collect();
            for perm in &perms {
                let mut m = model_of(&before);
                for &k in perm {
                    model_apply(&mut m, ins[k].shape.index(), colour_index(ins[k].colour));
                }
                prop_assert_eq!(m, model_of(&g), "order {:?}", perm);
            }
            let m = model_of(&g);
            let points = model_points(&m, g.options().wrap_adjacency);
            prop_assert_eq!(report.points, points);
            prop_assert_eq!(g.scoring().1, points);
            prop_assert_eq!(report.pairs.iter().map(|p| p.points).sum::<u32>(),
                points[0] + points[1]);
            for p in &report.pairs {
                prop_assert_eq!(p.points, p.shapes[0].value() + p.shapes[1].value());
                prop_assert!(p.shapes[0] < p.shapes[1]);
            }

            // The library in its own orders: swap the players' choices and
            // the instructions within each choice.
            for (swap_players, swap_a, swap_r) in (0..8).map(|i| (i & 1 != 0, i & 2 != 0, i & 4 != 0)) {
                let (mut a, mut r) = (mv.arabic, mv.roman);
                if swap_a { a = swap(a); }
                if swap_r { r = swap(r); }
                if swap_players { core::mem::swap(&mut a, &mut r); }
                let mut other = before;
                let other_report = other.play_unchecked(JointMove { arabic: a, roman: r });
                prop_assert_eq!(other, g);
                prop_assert_eq!(other_report.points, report.points);
                prop_assert_eq!(&other_report.pairs, &report.pairs);
                let mut normal = before;
                normal.play_unchecked(JointMove {
                    arabic: a.normalized(),
                    roman: r.normalized(),
                });
                prop_assert_eq!(normal, g);
            }

            // Paths.
            for (i, path) in report.paths.iter().enumerate() {
                prop_assert_eq!(path.shape, Shape::ALL[i]);
                prop_assert_eq!(path.from, before.pieces()[i].square);
                let named = ins.iter().filter(|x| x.shape.index() == i).count();
                prop_assert_eq!(path.steps.len(), named);
                prop_assert_eq!(path.steps.last().copied().unwrap_or(path.from), g.pieces()[i].square);
                prop_assert_eq!(path.face, g.pieces()[i].face);
                let flipped = named % 2 == 1;
                prop_assert_eq!(path.face != before.pieces()[i].face, flipped);
            }

            // Invariants.
            let (old, new) = (before.points(), g.points());
            prop_assert!(new[0] >= old[0] && new[1] >= old[1], "scores never decrease");
            prop_assert_eq!(new, [old[0] + report.points[0], old[1] + report.points[1]]);
            prop_assert!(report.points[0] + report.points[1] <= 30);
            for p in g.pieces() {
                prop_assert!((1..=5).contains(&p.square.x()));
                prop_assert!((1..=5).contains(&p.square.y()));
            }
            let [a, r] = new;
            let want = (a.max(r) >= g.options().target && a != r)
                .then_some(Outcome::Winner(if a > r { Player::P0 } else { Player::P1 }));
            prop_assert_eq!(g.outcome(), want);
            prop_assert_eq!(Game::outcome(&g), want);
            let scores = Game::scores(&g);
            prop_assert_eq!(scores.as_slice(), &[u64::from(a), u64::from(r)]);
            let legal = if want.is_some() { 0 } else { 72 };
            prop_assert_eq!(g.legal_actions(Player::P0).len(), legal);
            prop_assert_eq!(g.legal_actions(Player::P1).len(), legal);

            // Move serde.
            let json = serde_json::to_string(&mv).expect("serializes");
            let back: JointMove = serde_json::from_str(&json).expect("deserializes");
            prop_assert_eq!(back, mv);
        }
        check_round_trips(&g);
    }

    #[test]
    fn any_position_scores_at_most_thirty(g in start()) {
        let (pairs, points) = g.scoring();
        prop_assert!(points[0] + points[1] <= 30);
        prop_assert!(pairs.len() <= 6);
        prop_assert_eq!(points, model_points(&model_of(&g), g.options().wrap_adjacency));
        check_round_trips(&g);
    }

    #[test]
    fn serde_refuses_off_board_squares(x in 0u8..=12, y in 0u8..=12, which in 0usize..4) {
        let on = (1..=5).contains(&x) && (1..=5).contains(&y);
        let square: Result<Square, _> = serde_json::from_str(&format!("[{x},{y}]"));
        prop_assert_eq!(square.is_ok(), on);
        if let Ok(s) = square {
            prop_assert_eq!((s.x(), s.y()), (x, y));
        }
        let mut pieces: Vec<String> = (0..4).map(|_| json_piece(3, 3)).collect();
        pieces[which] = json_piece(x, y);
        let json = format!(
            r#"{{"options":{{"target":30,"wrap_adjacency":true}},"pieces":[{}],"scores":[0,0]}}"#,
            pieces.join(",")
        );
        let game: Result<Numa, _> = serde_json::from_str(&json);
        prop_assert_eq!(game.is_ok(), on, "{}", json);
        let setup: Result<Setup, _> = serde_json::from_str(&json);
        prop_assert_eq!(setup.is_ok(), on);
    }

    #[test]
    fn serde_refuses_illegal_choices(a in an_instruction(), b in an_instruction(), legal in a_choice()) {
        let json = serde_json::to_string(&[a, b]).expect("instructions serialize");
        let parsed: Result<Choice, _> = serde_json::from_str(&json);
        let ok = a.shape != b.shape && a.colour != b.colour;
        prop_assert_eq!(parsed.is_ok(), ok, "{}", json);
        prop_assert_eq!(parsed.ok(), Choice::new(a, b).ok());
        // In a joint move too.
        let good = serde_json::to_string(&legal).expect("serializes");
        let mv = format!(r#"{{"arabic":{good},"roman":{json}}}"#);
        let parsed: Result<JointMove, _> = serde_json::from_str(&mv);
        prop_assert_eq!(parsed.is_ok(), ok, "{}", mv);
        let mv = format!(r#"{{"arabic":{json},"roman":{good}}}"#);
        let parsed: Result<JointMove, _> = serde_json::from_str(&mv);
        prop_assert_eq!(parsed.is_ok(), ok, "{}", mv);
    }

    #[test]
    fn choice_text_round_trips(c in a_choice(), text in "[a-z+ -]{0,40}") {
        prop_assert_eq!(c.to_string().parse::<Choice>(), Ok(c));
        prop_assert_eq!(c.normalized().to_string().parse::<Choice>().map(Choice::normalized), Ok(c.normalized()));
        if let Ok(parsed) = text.parse::<Choice>() {
            prop_assert_eq!(parsed.to_string().parse::<Choice>(), Ok(parsed));
        }
    }
}

/// Every choice, in both orders of its instructions: the candidates of the
/// harness (all are legal while the game goes on).
fn candidates() -> Vec<Choice> {
    Choice::all().flat_map(|c| [c, swap(c)]).collect()
}

/// Numa's own invariants at any reachable position.
fn check_invariants(g: &Numa, report: Option<&numa::TurnReport>) {
    for p in g.pieces() {
        assert!((1..=5).contains(&p.square.x()) && (1..=5).contains(&p.square.y()));
    }
    let [a, r] = g.points();
    assert_eq!(Game::scores(g).as_slice(), &[u64::from(a), u64::from(r)]);
    let want = (a.max(r) >= g.options().target && a != r).then_some(Outcome::Winner(if a > r {
        Player::P0
    } else {
        Player::P1
    }));
    assert_eq!(g.outcome(), want);
    let (pairs, points) = g.scoring();
    assert!(points[0] + points[1] <= 30);
    if let Some(report) = report {
        assert_eq!(report.pairs, pairs);
        assert_eq!(report.points, points);
        assert!(a >= points[0] && r >= points[1]);
    }
}

#[test]
fn random_playouts_keep_the_contract() {
    let candidates = candidates();
    for options in [
        Options::standard(),
        Options {
            target: 60,
            wrap_adjacency: false,
        },
        Options {
            target: 1,
            wrap_adjacency: true,
        },
    ] {
        let start = Numa::new(options).expect("valid options");
        let mut finished = 0;
        testing::random_playouts(start, 0x4e75_6d61, 12, 200, |g, report| {
            testing::check_state(g, &candidates);
            testing::check_serde(g);
            check_invariants(g, report);
            finished += usize::from(g.is_over());
            // A game over says why, as its outcome does.
            match (g.end(), g.outcome()) {
                (None, None) => {}
                (Some(End::Target(p) | End::BothPastTarget(p)), Some(Outcome::Winner(w))) => {
                    assert_eq!(p, w);
                }
                (Some(End::Level), Some(Outcome::Draw)) => {}
                other => panic!("{other:?} in {g:?}"),
            }
        });
        assert!(finished > 0, "some random games end ({options:?})");
    }
}

#[test]
fn action_and_move_text_round_trips() {
    let all = candidates();
    testing::check_action_text(&all);
    let moves: Vec<JointMove> = all
        .iter()
        .step_by(7)
        .zip(all.iter().rev().step_by(5))
        .map(|(&arabic, &roman)| JointMove { arabic, roman })
        .collect();
    testing::check_action_text(&moves);
    let instructions: Vec<Instruction> = Shape::ALL
        .into_iter()
        .flat_map(|shape| Colour::ALL.map(|colour| Instruction { shape, colour }))
        .collect();
    testing::check_action_text(&instructions);
}

/// Text near the position grammar: numerals, digits, separators, option
/// words.
fn near_position() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        "[1-4IV]{1,4}@[0-6],[0-6]",
        "[0-9]{1,11},[0-9]{1,11}",
        "(target|wrap_adjacency|seeds)=[0-9a-z]{0,11}",
        "[@,/ 0-9IVa-z=+-]{0,12}",
    ];
    prop::collection::vec(word, 0..8).prop_map(|words| {
        // Join some words with '/', others with spaces.
        let mut text = String::new();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                text.push(if i < 4 && w.contains('@') { '/' } else { ' ' });
            }
            text.push_str(w);
        }
        text
    })
}

/// A printed position with a few characters replaced, inserted or deleted.
fn mutated_position() -> impl Strategy<Value = String> {
    let edit = (
        any::<prop::sample::Index>(),
        0u8..3,
        prop::sample::select("0123456789IV@,/ =-+x".chars().collect::<Vec<char>>()),
    );
    (start(), prop::collection::vec(edit, 1..4)).prop_map(|(g, edits)| {
        let mut chars: Vec<char> = g.to_string().chars().collect();
        for (at, kind, c) in edits {
            let i = at.index(chars.len() + 1);
            match kind {
                0 if i < chars.len() => chars[i] = c,
                1 if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.insert(i, c),
            }
        }
        chars.into_iter().collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(256), ..ProptestConfig::default() })]

    #[test]
    fn equal_positions_have_equal_keys(g in start(), moves in prop::collection::vec(a_move(), 0..6)) {
        let mut a = g;
        // The same turns with every instruction order swapped.
        let mut b = Numa::from_setup(g.to_setup()).expect("a valid setup");
        for mv in moves {
            if a.is_over() {
                break;
            }
            a.play(mv).expect("live");
            b.play(JointMove { arabic: swap(mv.arabic), roman: swap(mv.roman) }).expect("live");
        }
        prop_assert_eq!(a, b);
        prop_assert_eq!(a.key(), b.key());
        let parsed: Numa = a.to_string().parse().expect("the notation reads back");
        prop_assert_eq!(parsed.key(), a.key());
        let json: Numa = serde_json::from_str(&serde_json::to_string(&a).expect("serializes"))
            .expect("deserializes");
        prop_assert_eq!(json.key(), a.key());
    }

    #[test]
    fn different_positions_have_different_keys(a in start(), b in start()) {
        // Scores below 2^20 are packed exactly; the options are not hashed.
        let same = a.pieces() == b.pieces() && a.points() == b.points();
        prop_assert_eq!(a.key() == b.key(), same, "{} / {}", a, b);
    }

    #[test]
    fn any_text_is_an_error_or_a_position_that_prints_back(
        text in prop_oneof![near_position(), "\\PC{0,60}", mutated_position()],
    ) {
        if let Ok(g) = text.parse::<Numa>() {
            testing::check_notation(&g);
            check_invariants(&g, None);
        }
        if let Ok(mv) = text.parse::<JointMove>() {
            prop_assert_eq!(mv.to_string().parse::<JointMove>(), Ok(mv));
        }
    }

    #[test]
    fn printed_positions_read_back(g in start()) {
        testing::check_notation(&g);
        let text = g.to_string();
        // Dropping the last character, or anything after it, never panics.
        for end in 0..text.len() {
            if text.is_char_boundary(end) {
                let _ = text[..end].parse::<Numa>();
            }
        }
    }

    #[test]
    fn harness_on_random_positions(g in start()) {
        testing::check_state(&g, &candidates());
        check_invariants(&g, None);
    }

    #[test]
    fn joint_move_text_round_trips(mv in a_move(), text in "[a-z+/ -]{0,60}") {
        prop_assert_eq!(mv.to_string().parse::<JointMove>(), Ok(mv));
        if let Ok(parsed) = text.parse::<JointMove>() {
            prop_assert_eq!(parsed.to_string().parse::<JointMove>(), Ok(parsed));
        }
    }
}
