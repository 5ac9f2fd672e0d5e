//! Numa's rules (RULES.md "Numa", seed 003_a9b87288b7310895.txt), checked
//! on hand-worked positions.

use mancala_core::{Game, Outcome, Player, PlayerSet, Status};
use numa::{
    Choice, ChoiceError, Colour, Face, Instruction, JointMove, Numa, Options, Piece, Setup, Shape,
    Square, TurnError,
};

fn sq(x: u8, y: u8) -> Square {
    Square::new(x, y).expect("test squares are on the board")
}

fn piece(x: u8, y: u8, face: Face) -> Piece {
    Piece {
        square: sq(x, y),
        face,
    }
}

fn choice(s: &str) -> Choice {
    s.parse().expect("test choices are legal")
}

fn jm(arabic: &str, roman: &str) -> JointMove {
    JointMove {
        arabic: choice(arabic),
        roman: choice(roman),
    }
}

fn game(options: Options, pieces: [Piece; 4], scores: [u32; 2]) -> Numa {
    Numa::from_setup(Setup {
        options,
        pieces,
        scores,
    })
}

use Face::{Arabic as A, Roman as R};

// ---------------------------------------------------------------------------
// The source's example of play.
// ---------------------------------------------------------------------------

#[test]
fn start_position() {
    let g = Numa::default();
    // triangle-1 on (2,4), square-II on (4,4), pentagon-III on (2,2),
    // circle-4 on (4,2).
    assert_eq!(
        g.pieces(),
        &[
            piece(2, 4, A),
            piece(4, 4, R),
            piece(2, 2, R),
            piece(4, 2, A)
        ]
    );
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.outcome(), None);
    assert_eq!(*g.options(), Options::standard());
    assert_eq!(Options::default(), Options::standard());
    assert_eq!(Options::standard().target, 30);
    assert!(Options::standard().wrap_adjacency);
    // Nothing touches at the start (all pairs are two apart), so the start
    // itself scores nothing.
    assert_eq!(g.scoring().1, [0, 0]);
    assert!(g.scoring().0.is_empty());
}

#[test]
fn source_example_of_play() {
    let mut g = Numa::default();

    // Turn 1: Arabic pentagon-red + square-blue, Roman pentagon-yellow +
    // circle-green.
    //   pentagon (2,2) III -red-> (3,2) 3 -yellow-> (3,3) III
    //   square   (4,4) II  -blue-> (4,3) 2
    //   circle   (4,2) 4   -green-> (3,2) IV
    //   triangle (2,4) 1   unmoved
    // Lone pieces: all four. Same-system touching pairs: pentagon (3,3) III
    // and circle (3,2) IV: 3 + 4 = 7 for Roman. Triangle (2,4) 1 and square
    // (4,3) 2 are two columns apart.
    let r1 = g
        .turn(jm(
            "pentagon-red+square-blue",
            "pentagon-yellow+circle-green",
        ))
        .expect("turn 1");
    assert_eq!(
        g.pieces(),
        &[
            piece(2, 4, A),
            piece(4, 3, A),
            piece(3, 3, R),
            piece(3, 2, R)
        ]
    );
    assert_eq!(r1.points, [0, 7]);
    assert_eq!(g.scores(), [0, 7]);
    assert_eq!(g.outcome(), None);

    // Turn 2: Arabic circle-red + square-blue, Roman square-yellow +
    // pentagon-red.
    //   circle   (3,2) IV -red-> (4,2) 4
    //   square   (4,3) 2  -blue-> (4,2) II -yellow-> (4,3) 2 (flipped back)
    //   pentagon (3,3) III -red-> (4,3) 3
    //   triangle (2,4) 1 unmoved
    // Square and pentagon are stacked on (4,3) and score nothing (they would
    // otherwise make 2+4 and 3+4 with the circle). Lone: triangle (2,4) 1,
    // circle (4,2) 4: not touching. No points.
    let r2 = g
        .turn(jm("circle-red+square-blue", "square-yellow+pentagon-red"))
        .expect("turn 2");
    assert_eq!(
        g.pieces(),
        &[
            piece(2, 4, A),
            piece(4, 3, A),
            piece(4, 3, A),
            piece(4, 2, A)
        ]
    );
    assert_eq!(r2.points, [0, 0]);
    assert!(r2.pairs.is_empty());
    assert_eq!(g.scores(), [0, 7]);
    assert_eq!(g.outcome(), None);

    // Turn 3: Arabic circle-yellow + pentagon-red, Roman square-yellow +
    // triangle-red.
    //   circle   (4,2) 4 -yellow-> (4,3) IV
    //   pentagon (4,3) 3 -red-> (5,3) III
    //   square   (4,3) 2 -yellow-> (4,4) II
    //   triangle (2,4) 1 -red-> (3,4) I
    // All Roman, all alone: I(3,4) II(4,4) III(5,3) IV(4,3).
    //   I+II (3,4)-(4,4) = 3, I+IV (3,4)-(4,3) = 5, II+III (4,4)-(5,3) = 5,
    //   II+IV (4,4)-(4,3) = 6, III+IV (5,3)-(4,3) = 7; I and III are two
    //   columns apart (even round the wrap). 26 for Roman: 33 in all.
    let r3 = g
        .turn(jm(
            "circle-yellow+pentagon-red",
            "square-yellow+triangle-red",
        ))
        .expect("turn 3");
    assert_eq!(
        g.pieces(),
        &[
            piece(3, 4, R),
            piece(4, 4, R),
            piece(5, 3, R),
            piece(4, 3, R)
        ]
    );
    assert_eq!(r3.points, [0, 26]);
    assert_eq!(r3.pairs.len(), 5);
    assert!(r3.pairs.iter().all(|p| p.face == R));
    assert_eq!(r3.pairs.iter().map(|p| p.points).sum::<u32>(), 26);
    assert_eq!(g.scores(), [0, 33]);
    assert_eq!(g.outcome(), Some(Outcome::Winner(Player::P1)));
    assert!(g.is_over());
    assert_eq!(g.status(), Status::Over(Outcome::Winner(Player::P1)));
}

#[test]
fn turn_report_paths_and_pairs() {
    let mut g = Numa::default();
    let r = g
        .turn(jm(
            "pentagon-red+square-blue",
            "pentagon-yellow+circle-green",
        ))
        .expect("turn 1");
    let shapes: Vec<Shape> = r.paths.iter().map(|p| p.shape).collect();
    assert_eq!(shapes, Shape::ALL);
    // Triangle: not named.
    assert_eq!(r.paths[0].from, sq(2, 4));
    assert!(r.paths[0].steps.is_empty());
    assert_eq!(r.paths[0].face, A);
    // Square: one step.
    assert_eq!(r.paths[1].from, sq(4, 4));
    assert_eq!(r.paths[1].steps.as_slice(), &[sq(4, 3)]);
    assert_eq!(r.paths[1].face, A);
    // Pentagon: named by both, two steps (Arabic's first).
    assert_eq!(r.paths[2].from, sq(2, 2));
    assert_eq!(r.paths[2].steps.as_slice(), &[sq(3, 2), sq(3, 3)]);
    assert_eq!(r.paths[2].face, R);
    // Circle.
    assert_eq!(r.paths[3].from, sq(4, 2));
    assert_eq!(r.paths[3].steps.as_slice(), &[sq(3, 2)]);
    assert_eq!(r.paths[3].face, R);
    // The one pair.
    assert_eq!(r.pairs.len(), 1);
    assert_eq!(r.pairs[0].shapes, [Shape::Pentagon, Shape::Circle]);
    assert_eq!(r.pairs[0].face, R);
    assert_eq!(r.pairs[0].points, 7);
    // The report's pairs are the position's scoring.
    let (pairs, points) = g.scoring();
    assert_eq!(pairs, r.pairs);
    assert_eq!(points, r.points);
    assert_eq!(
        r.to_string(),
        "square (4,4) -> (4,3); pentagon (2,2) -> (3,3); circle (4,2) -> (3,2); III+IV = 7 for Roman"
    );
    let r2 = g
        .turn(jm("circle-red+square-blue", "square-yellow+pentagon-red"))
        .expect("turn 2");
    assert!(r2.to_string().ends_with("no points"));
    assert_eq!(r2.paths[1].steps.as_slice(), &[sq(4, 2), sq(4, 3)]);
    assert_eq!(r2.paths[1].face, A);
}

#[test]
fn game_over_refuses_turns_and_keeps_state() {
    let mut g = Numa::default();
    g.turn(jm(
        "pentagon-red+square-blue",
        "pentagon-yellow+circle-green",
    ))
    .expect("turn 1");
    g.turn(jm("circle-red+square-blue", "square-yellow+pentagon-red"))
        .expect("turn 2");
    g.turn(jm(
        "circle-yellow+pentagon-red",
        "square-yellow+triangle-red",
    ))
    .expect("turn 3");
    let before = g;
    for mv in [
        jm("pentagon-red+square-blue", "pentagon-yellow+circle-green"),
        jm("triangle-yellow+square-red", "circle-blue+pentagon-green"),
    ] {
        assert_eq!(g.turn(mv), Err(TurnError::GameOver));
        assert_eq!(g, before);
        assert_eq!(Game::play(&mut g, mv), Err(TurnError::GameOver));
        assert_eq!(g, before);
        assert!(!g.is_legal(&mv));
    }
    assert!(g.legal_actions(Player::P0).is_empty());
    assert!(g.legal_actions(Player::P1).is_empty());
    assert_eq!(Game::outcome(&g), Some(Outcome::Winner(Player::P1)));
    // turn_unchecked goes on regardless (documented).
    let mut h = g;
    h.turn_unchecked(jm(
        "triangle-yellow+square-red",
        "circle-blue+pentagon-green",
    ));
    assert_ne!(h.pieces(), g.pieces());
}

// ---------------------------------------------------------------------------
// Scoring.
// ---------------------------------------------------------------------------

#[test]
fn thirty_point_maximum_on_a_block() {
    for face in [A, R] {
        // A 2x2 block in the middle, and one across the corner wrap.
        for block in [
            [(2, 2), (3, 2), (2, 3), (3, 3)],
            [(5, 5), (1, 5), (5, 1), (1, 1)],
            [(4, 1), (5, 1), (4, 5), (5, 5)],
        ] {
            let pieces = block.map(|(x, y)| piece(x, y, face));
            let g = game(Options::standard(), pieces, [0, 0]);
            let (pairs, points) = g.scoring();
            // (1+2)+(1+3)+(1+4)+(2+3)+(2+4)+(3+4) = 30.
            let want = if face == A { [30, 0] } else { [0, 30] };
            assert_eq!(points, want, "{block:?} {face:?}");
            assert_eq!(pairs.len(), 6);
            let mut values: Vec<u32> = pairs.iter().map(|p| p.points).collect();
            values.sort_unstable();
            assert_eq!(values, [3, 4, 5, 5, 6, 7]);
        }
    }
    // A turn that makes the block: the circle reaches (3,3) as the square
    // leaves it.
    let mut g2 = game(
        Options::standard(),
        [
            piece(2, 3, R),
            piece(3, 3, R),
            piece(1, 3, R),
            piece(3, 2, A),
        ],
        [0, 0],
    );
    // Arabic: triangle-blue (2,3)->(2,2) 1, pentagon-red (1,3)->(2,3) 3.
    // Roman: square-blue (3,3)->(3,2) 2, circle-yellow (3,2)->(3,3) IV.
    // Circle shows Roman: three Arabic pieces score 3+4+5 = 12.
    let r = g2
        .turn(jm(
            "triangle-blue+pentagon-red",
            "square-blue+circle-yellow",
        ))
        .expect("live");
    assert_eq!(r.points, [12, 0]);
    // With the circle starting Roman it lands Arabic: the full block, 30.
    let mut g = game(
        Options::standard(),
        [
            piece(2, 3, R),
            piece(3, 3, R),
            piece(1, 3, R),
            piece(3, 2, R),
        ],
        [0, 0],
    );
    let r = g
        .turn(jm(
            "triangle-blue+pentagon-red",
            "square-blue+circle-yellow",
        ))
        .expect("live");
    assert_eq!(
        g.pieces(),
        &[
            piece(2, 2, A),
            piece(3, 2, A),
            piece(2, 3, A),
            piece(3, 3, A)
        ]
    );
    assert_eq!(r.points, [30, 0]);
    assert_eq!(g.outcome(), Some(Outcome::Winner(Player::P0)));
}

#[test]
fn both_players_score_in_one_turn() {
    // triangle (1,2) I -blue-> (1,1) 1
    // circle   (1,5) 4 -green-> off the west edge -> (5,5) IV
    // pentagon (4,4) 3 -red-> (5,4) III
    // square   (2,5) II -yellow-> off the north edge -> (2,1) 2
    // Arabic: 1+2 on (1,1)-(2,1) = 3. Roman: III+IV on (5,4)-(5,5) = 7.
    // Across the wrap, triangle (1,1) touches circle (5,5) but they show
    // different systems; square (2,1) is two columns from (5,5).
    let mut g = game(
        Options::standard(),
        [
            piece(1, 2, R),
            piece(2, 5, R),
            piece(4, 4, A),
            piece(1, 5, A),
        ],
        [0, 0],
    );
    let r = g
        .turn(jm(
            "triangle-blue+circle-green",
            "pentagon-red+square-yellow",
        ))
        .expect("live");
    assert_eq!(
        g.pieces(),
        &[
            piece(1, 1, A),
            piece(2, 1, A),
            piece(5, 4, R),
            piece(5, 5, R)
        ]
    );
    assert_eq!(r.points, [3, 7]);
    assert_eq!(g.scores(), [3, 7]);
    assert_eq!(r.pairs.len(), 2);
}

#[test]
fn tie_at_target_plays_sudden_death() {
    // The same turn as above from 27-23: both reach 30, tied: play on.
    let mut g = game(
        Options::standard(),
        [
            piece(1, 2, R),
            piece(2, 5, R),
            piece(4, 4, A),
            piece(1, 5, A),
        ],
        [27, 23],
    );
    g.turn(jm(
        "triangle-blue+circle-green",
        "pentagon-red+square-yellow",
    ))
    .expect("live");
    assert_eq!(g.scores(), [30, 30]);
    assert_eq!(g.outcome(), None);
    assert!(matches!(g.status(), Status::Simultaneous(_)));
    assert_eq!(g.legal_actions(Player::P0).len(), 72);

    // A sudden-death turn with no points: still tied, still on.
    // Arabic: square-green + triangle-yellow, Roman: triangle-blue +
    // circle-red.
    //   triangle (1,1) 1 -yellow-> (1,2) I -blue-> (1,1) 1
    //   square   (2,1) 2 -green-> (1,1) II: stacked with the triangle
    //   circle   (5,5) IV -red-> off the east edge (1,5) 4
    //   pentagon (5,4) III unmoved
    // Lone: pentagon (5,4) III and circle (1,5) 4 touch across the wrap but
    // show different systems. 0-0.
    let mut quiet = g;
    let r = quiet
        .turn(jm(
            "square-green+triangle-yellow",
            "triangle-blue+circle-red",
        ))
        .expect("live");
    assert_eq!(
        quiet.pieces(),
        &[
            piece(1, 1, A),
            piece(1, 1, R),
            piece(5, 4, R),
            piece(1, 5, A)
        ]
    );
    assert_eq!(r.points, [0, 0]);
    assert_eq!(quiet.scores(), [30, 30]);
    assert_eq!(quiet.outcome(), None);

    // From the tie, triangle and pentagon each go out and back, flipping
    // twice: the position is unchanged and scores 3 and 7 again: 33-37,
    // Roman wins on the differing scores.
    // triangle (1,1) -yellow-> (1,2) -blue-> (1,1): the Arabic steps first.
    // pentagon (5,4) -red-> off the east edge (1,4) -green-> off the west
    // edge (5,4).
    let before = *g.pieces();
    let r = g
        .turn(jm(
            "triangle-yellow+pentagon-red",
            "triangle-blue+pentagon-green",
        ))
        .expect("live");
    assert_eq!(g.pieces(), &before);
    assert_eq!(r.paths[0].steps.as_slice(), &[sq(1, 2), sq(1, 1)]);
    assert_eq!(r.paths[0].face, A);
    assert_eq!(r.paths[2].steps.as_slice(), &[sq(1, 4), sq(5, 4)]);
    assert_eq!(r.paths[2].face, R);
    assert_eq!(r.points, [3, 7]);
    assert_eq!(g.scores(), [33, 37]);
    assert_eq!(g.outcome(), Some(Outcome::Winner(Player::P1)));
}

#[test]
fn outcome_rules() {
    let at = |scores: [u32; 2], target: u32| {
        game(
            Options {
                target,
                wrap_adjacency: true,
            },
            Numa::default().to_setup().pieces,
            scores,
        )
        .outcome()
    };
    assert_eq!(at([29, 29], 30), None);
    assert_eq!(at([29, 0], 30), None);
    assert_eq!(at([30, 0], 30), Some(Outcome::Winner(Player::P0)));
    assert_eq!(at([30, 31], 30), Some(Outcome::Winner(Player::P1)));
    assert_eq!(at([30, 30], 30), None);
    assert_eq!(at([45, 45], 30), None);
    assert_eq!(at([29, 28], 30), None);
    // Another target.
    assert_eq!(at([10, 9], 10), Some(Outcome::Winner(Player::P0)));
    assert_eq!(at([9, 8], 10), None);
}

// ---------------------------------------------------------------------------
// Movement.
// ---------------------------------------------------------------------------

#[test]
fn steps_and_wraps_off_every_edge() {
    // Yellow north, red east, blue south, green west.
    assert_eq!(sq(3, 3).step(Colour::Yellow), sq(3, 4));
    assert_eq!(sq(3, 3).step(Colour::Red), sq(4, 3));
    assert_eq!(sq(3, 3).step(Colour::Blue), sq(3, 2));
    assert_eq!(sq(3, 3).step(Colour::Green), sq(2, 3));
    // Off each edge.
    assert_eq!(sq(2, 5).step(Colour::Yellow), sq(2, 1));
    assert_eq!(sq(5, 2).step(Colour::Red), sq(1, 2));
    assert_eq!(sq(4, 1).step(Colour::Blue), sq(4, 5));
    assert_eq!(sq(1, 4).step(Colour::Green), sq(5, 4));
    // Corners.
    assert_eq!(sq(5, 5).step(Colour::Yellow), sq(5, 1));
    assert_eq!(sq(5, 5).step(Colour::Red), sq(1, 5));
    assert_eq!(sq(1, 1).step(Colour::Blue), sq(1, 5));
    assert_eq!(sq(1, 1).step(Colour::Green), sq(5, 1));
    // Every square: five steps any way come back; opposite steps cancel.
    for x in 1..=5 {
        for y in 1..=5 {
            let s = sq(x, y);
            for c in Colour::ALL {
                let mut t = s;
                for _ in 0..5 {
                    t = t.step(c);
                    assert!((1..=5).contains(&t.x()) && (1..=5).contains(&t.y()));
                }
                assert_eq!(t, s);
            }
            assert_eq!(s.step(Colour::Yellow).step(Colour::Blue), s);
            assert_eq!(s.step(Colour::Red).step(Colour::Green), s);
        }
    }
}

#[test]
fn game_moves_off_every_edge() {
    // triangle on the north edge, square on the east, pentagon on the
    // south, circle on the west; each goes off its edge.
    let mut g = game(
        Options::standard(),
        [
            piece(3, 5, A),
            piece(5, 3, A),
            piece(2, 1, A),
            piece(1, 4, A),
        ],
        [0, 0],
    );
    // Arabic: triangle-yellow, square-red; Roman: pentagon-blue,
    // circle-green.
    // triangle (3,5) -> (3,1) I; square (5,3) -> (1,3) II;
    // pentagon (2,1) -> (2,5) III; circle (1,4) -> (5,4) IV.
    // Pairs (all Roman, wrap on): I(3,1)-III(2,5): dy 1 via the wrap, dx 1:
    // 4. II(1,3)-IV(5,4): dx 1 via the wrap: 6. I-II: dx 2. I-IV: dx 2.
    // II-III (1,3)-(2,5): dy 2. III-IV (2,5)-(5,4): dx 2 via the wrap. 10.
    let r = g
        .turn(jm(
            "triangle-yellow+square-red",
            "pentagon-blue+circle-green",
        ))
        .expect("live");
    assert_eq!(
        g.pieces(),
        &[
            piece(3, 1, R),
            piece(1, 3, R),
            piece(2, 5, R),
            piece(5, 4, R)
        ]
    );
    assert_eq!(r.points, [0, 10]);
}

#[test]
fn piece_named_by_both_moves_twice_and_flips_back() {
    for (a, b) in [
        (Colour::Yellow, Colour::Red),
        (Colour::Yellow, Colour::Yellow),
        (Colour::Blue, Colour::Green),
    ] {
        let mut g = Numa::default();
        let start = g.piece(Shape::Circle);
        let arabic = Choice::new(
            Instruction {
                shape: Shape::Circle,
                colour: a,
            },
            Instruction {
                shape: Shape::Triangle,
                colour: if a == Colour::Yellow {
                    Colour::Red
                } else {
                    Colour::Yellow
                },
            },
        )
        .expect("legal");
        let roman = Choice::new(
            Instruction {
                shape: Shape::Square,
                colour: if b == Colour::Blue {
                    Colour::Red
                } else {
                    Colour::Blue
                },
            },
            Instruction {
                shape: Shape::Circle,
                colour: b,
            },
        )
        .expect("legal");
        let r = g.turn(JointMove { arabic, roman }).expect("live");
        let c = g.piece(Shape::Circle);
        assert_eq!(c.face, start.face, "two flips: same face");
        assert_eq!(c.square, start.square.step(a).step(b));
        assert_eq!(
            r.paths[3].steps.as_slice(),
            &[start.square.step(a), start.square.step(a).step(b)]
        );
        // Named once: flipped.
        assert_eq!(g.piece(Shape::Triangle).face, Face::Roman);
        assert_eq!(g.piece(Shape::Square).face, Face::Arabic);
    }
}

// ---------------------------------------------------------------------------
// Stacks and adjacency.
// ---------------------------------------------------------------------------

#[test]
fn stacked_pieces_score_nothing_and_block_nothing() {
    // Triangle and square stacked on (2,2) (both Arabic), pentagon (3,3) and
    // circle (3,2), Arabic, touching each other and the stack.
    let g = game(
        Options::standard(),
        [
            piece(2, 2, A),
            piece(2, 2, A),
            piece(3, 3, A),
            piece(3, 2, A),
        ],
        [0, 0],
    );
    let (pairs, points) = g.scoring();
    assert_eq!(points, [7, 0], "only pentagon+circle");
    assert_eq!(pairs.len(), 1);
    assert_eq!(pairs[0].shapes, [Shape::Pentagon, Shape::Circle]);
    // A stack between two lone pieces does not block them: triangle (1,1),
    // circle (2,2) with square and pentagon stacked on (2,1) (they touch
    // both): only 1+4 scores.
    let g = game(
        Options::standard(),
        [
            piece(1, 1, R),
            piece(2, 1, R),
            piece(2, 1, R),
            piece(2, 2, R),
        ],
        [0, 0],
    );
    assert_eq!(g.scoring().1, [0, 5]);
    // Three on one square, one alone: nothing. All four on one: nothing.
    let g = game(
        Options::standard(),
        [
            piece(3, 3, A),
            piece(3, 3, A),
            piece(3, 3, A),
            piece(3, 4, A),
        ],
        [0, 0],
    );
    assert_eq!(g.scoring().1, [0, 0]);
    let g = game(Options::standard(), [piece(3, 3, R); 4], [0, 0]);
    assert_eq!(g.scoring().1, [0, 0]);
    assert!(g.scoring().0.is_empty());
    // Two stacks of two next to each other: nothing.
    let g = game(
        Options::standard(),
        [
            piece(3, 3, A),
            piece(3, 3, A),
            piece(3, 4, A),
            piece(3, 4, A),
        ],
        [0, 0],
    );
    assert_eq!(g.scoring().1, [0, 0]);
    // Stacked pieces with different faces also score nothing.
    let g = game(
        Options::standard(),
        [
            piece(3, 3, A),
            piece(3, 3, R),
            piece(3, 4, A),
            piece(4, 4, R),
        ],
        [0, 0],
    );
    assert_eq!(g.scoring().1, [0, 0]);
}

#[test]
fn adjacency_across_the_wrap_and_without_it() {
    let wrap = Options::standard();
    let flat = Options {
        target: 30,
        wrap_adjacency: false,
    };
    // Square::touches.
    assert!(sq(5, 3).touches(sq(1, 3), true));
    assert!(!sq(5, 3).touches(sq(1, 3), false));
    assert!(sq(3, 5).touches(sq(3, 1), true));
    assert!(!sq(3, 5).touches(sq(3, 1), false));
    assert!(sq(5, 5).touches(sq(1, 1), true));
    assert!(!sq(5, 5).touches(sq(1, 1), false));
    assert!(sq(1, 5).touches(sq(5, 4), true));
    assert!(sq(2, 2).touches(sq(3, 3), false));
    assert!(sq(2, 2).touches(sq(1, 2), false));
    assert!(
        !sq(2, 2).touches(sq(2, 2), true),
        "a square does not touch itself"
    );
    assert!(!sq(2, 2).touches(sq(4, 2), true));
    assert!(!sq(2, 2).touches(sq(4, 4), true));
    assert!(
        !sq(1, 1).touches(sq(4, 1), true),
        "two apart round the wrap"
    );
    // Every square touches exactly 8 others on the torus; corners touch 3
    // on the flat board, edges 5, inner squares 8.
    let all: Vec<Square> = (1..=5)
        .flat_map(|x| (1..=5).map(move |y| sq(x, y)))
        .collect();
    for &a in &all {
        let n = all.iter().filter(|&&b| a.touches(b, true)).count();
        assert_eq!(n, 8, "{a}");
        let n = all.iter().filter(|&&b| a.touches(b, false)).count();
        let edge = |v: u8| v == 1 || v == 5;
        let want = match (edge(a.x()), edge(a.y())) {
            (true, true) => 3,
            (true, false) | (false, true) => 5,
            (false, false) => 8,
        };
        assert_eq!(n, want, "{a}");
        for &b in &all {
            assert_eq!(a.touches(b, true), b.touches(a, true));
        }
    }
    // In a game: triangle (5,3) and square (1,3) Roman, across the east
    // edge; pentagon (3,5) and circle (3,1) Arabic, across the north edge.
    let pieces = [
        piece(5, 3, R),
        piece(1, 3, R),
        piece(3, 5, A),
        piece(3, 1, A),
    ];
    assert_eq!(game(wrap, pieces, [0, 0]).scoring().1, [7, 3]);
    assert_eq!(game(flat, pieces, [0, 0]).scoring().1, [0, 0]);
    // Without wrap the pieces still move round the torus.
    let mut g = game(flat, pieces, [0, 0]);
    g.turn(jm(
        "triangle-red+square-green",
        "pentagon-yellow+circle-blue",
    ))
    .expect("live");
    assert_eq!(
        g.pieces(),
        &[
            piece(1, 3, A),
            piece(5, 3, A),
            piece(3, 1, R),
            piece(3, 5, R)
        ]
    );
}

// ---------------------------------------------------------------------------
// Choices and text.
// ---------------------------------------------------------------------------

#[test]
fn choice_errors() {
    let p = |s: &str| s.parse::<Choice>();
    assert_eq!(p("pentagon-red+pentagon-blue"), Err(ChoiceError::SameShape));
    assert_eq!(p("pentagon-red+pentagon-red"), Err(ChoiceError::SameShape));
    assert_eq!(p("pentagon-red+square-red"), Err(ChoiceError::SameColour));
    assert_eq!(p("pentagon-red"), Err(ChoiceError::Syntax));
    assert_eq!(p(""), Err(ChoiceError::Syntax));
    assert_eq!(p("+"), Err(ChoiceError::Syntax));
    assert_eq!(p("pentagonred+square-blue"), Err(ChoiceError::Syntax));
    assert_eq!(p("pentagon-red+squareblue"), Err(ChoiceError::Syntax));
    assert_eq!(p("hexagon-red+square-blue"), Err(ChoiceError::UnknownShape));
    assert_eq!(p("pentagon-red+star-blue"), Err(ChoiceError::UnknownShape));
    assert_eq!(
        p("Pentagon-red+square-blue"),
        Err(ChoiceError::UnknownShape)
    );
    assert_eq!(
        p("pentagon-purple+square-blue"),
        Err(ChoiceError::UnknownColour)
    );
    assert_eq!(p("pentagon-red+square-"), Err(ChoiceError::UnknownColour));
    assert_eq!(
        p("pentagon-RED+square-blue"),
        Err(ChoiceError::UnknownColour)
    );
    assert!(
        p("pentagon-red+square-blue+circle-green").is_err(),
        "three instructions"
    );
    // Choice::new.
    let i = |shape, colour| Instruction { shape, colour };
    assert_eq!(
        Choice::new(
            i(Shape::Circle, Colour::Red),
            i(Shape::Circle, Colour::Blue)
        ),
        Err(ChoiceError::SameShape)
    );
    assert_eq!(
        Choice::new(i(Shape::Circle, Colour::Red), i(Shape::Square, Colour::Red)),
        Err(ChoiceError::SameColour)
    );
    // Instructions alone.
    assert_eq!("pentagon".parse::<Instruction>(), Err(ChoiceError::Syntax));
    assert_eq!(
        "cube-red".parse::<Instruction>(),
        Err(ChoiceError::UnknownShape)
    );
    assert_eq!(
        "cube-red".parse::<Instruction>().map_err(|e| e.to_string()),
        Err("unknown shape (triangle, square, pentagon, circle)".to_string())
    );
}

#[test]
fn seventy_two_choices() {
    let all: Vec<Choice> = Choice::all().collect();
    assert_eq!(all.len(), 72);
    let set: std::collections::HashSet<Choice> = all.iter().copied().collect();
    assert_eq!(set.len(), 72);
    for c in &all {
        assert_eq!(c.normalized(), *c);
        let [a, b] = c.instructions();
        assert!(a.shape < b.shape);
        assert_ne!(a.colour, b.colour);
    }
    // Every ordered legal pair normalizes into the 72, two orders each.
    let mut ordered = 0;
    let mut normal = std::collections::HashSet::new();
    for s1 in Shape::ALL {
        for c1 in Colour::ALL {
            for s2 in Shape::ALL {
                for c2 in Colour::ALL {
                    let a = Instruction {
                        shape: s1,
                        colour: c1,
                    };
                    let b = Instruction {
                        shape: s2,
                        colour: c2,
                    };
                    match Choice::new(a, b) {
                        Ok(c) => {
                            ordered += 1;
                            assert_eq!(c.instructions(), [a, b]);
                            assert!(set.contains(&c.normalized()));
                            normal.insert(c.normalized());
                            let swapped = Choice::new(b, a).expect("symmetric");
                            assert_eq!(swapped.normalized(), c.normalized());
                        }
                        Err(e) => {
                            assert!(s1 == s2 || c1 == c2);
                            assert_eq!(
                                e,
                                if s1 == s2 {
                                    ChoiceError::SameShape
                                } else {
                                    ChoiceError::SameColour
                                }
                            );
                        }
                    }
                }
            }
        }
    }
    assert_eq!(ordered, 144);
    assert_eq!(normal.len(), 72);
}

#[test]
fn text_round_trips() {
    for shape in Shape::ALL {
        for colour in Colour::ALL {
            let i = Instruction { shape, colour };
            let text = i.to_string();
            assert_eq!(text, format!("{}-{}", shape.name(), colour.name()));
            assert_eq!(text.parse::<Instruction>(), Ok(i));
        }
        assert_eq!(shape.name().parse::<Shape>(), Ok(shape));
    }
    for colour in Colour::ALL {
        assert_eq!(colour.name().parse::<Colour>(), Ok(colour));
    }
    for c in Choice::all() {
        let [a, b] = c.instructions();
        let text = c.to_string();
        assert_eq!(text, format!("{a}+{b}"));
        assert_eq!(text.parse::<Choice>(), Ok(c));
        let swapped = Choice::new(b, a).expect("legal");
        assert_eq!(swapped.to_string().parse::<Choice>(), Ok(swapped));
    }
    assert_eq!(
        choice("square-blue+pentagon-red").to_string(),
        "square-blue+pentagon-red"
    );
    assert_eq!(
        choice("pentagon-red+square-blue").normalized().to_string(),
        "square-blue+pentagon-red"
    );
    // Spaces round an instruction are allowed.
    assert_eq!(
        " pentagon-red + square-blue ".parse::<Choice>(),
        Ok(choice("pentagon-red+square-blue"))
    );
    // Numerals and squares.
    assert_eq!(Face::Roman.numeral(Shape::Pentagon), "III");
    assert_eq!(Face::Arabic.numeral(Shape::Circle), "4");
    assert_eq!(sq(5, 3).to_string(), "(5,3)");
    assert_eq!(Shape::ALL.map(Shape::value), [1, 2, 3, 4]);
}

#[test]
fn square_bounds() {
    assert_eq!(Square::new(0, 1), None);
    assert_eq!(Square::new(1, 0), None);
    assert_eq!(Square::new(6, 1), None);
    assert_eq!(Square::new(1, 6), None);
    assert!(Square::new(1, 1).is_some());
    assert!(Square::new(5, 5).is_some());
    assert_eq!(Square::try_from((6, 2)), Err(numa::OffBoard(6, 2)));
    assert_eq!(<(u8, u8)>::from(sq(2, 3)), (2, 3));
}

// ---------------------------------------------------------------------------
// The Game trait.
// ---------------------------------------------------------------------------

#[test]
fn game_trait() {
    let mut g = Numa::default();
    assert_eq!(g.player_count(), 2);
    match g.status() {
        Status::Simultaneous(set) => {
            assert_eq!(set, PlayerSet::all(2));
            assert!(set.contains(Player::P0));
            assert!(set.contains(Player::P1));
            assert_eq!(set.len(), 2);
        }
        other => panic!("expected simultaneous, got {other:?}"),
    }
    assert_eq!(g.to_move(), None);
    assert_eq!(Game::outcome(&g), None);
    let all: Vec<Choice> = Choice::all().collect();
    for p in [Player::P0, Player::P1] {
        let legal = g.legal_actions(p);
        assert_eq!(legal.len(), 72);
        assert_eq!(legal.as_slice(), all.as_slice());
    }
    if let Some(p2) = Player::new(2) {
        assert!(g.legal_actions(p2).is_empty());
    }
    assert_eq!(Game::scores(&g).as_slice(), &[0, 0]);
    let mv = jm("pentagon-red+square-blue", "pentagon-yellow+circle-green");
    assert!(g.is_legal(&mv));
    Game::play(&mut g, mv).expect("live");
    assert_eq!(Game::scores(&g).as_slice(), &[0, 7]);
    let mut u = g;
    Game::play_unchecked(
        &mut u,
        jm("circle-red+square-blue", "square-yellow+pentagon-red"),
    );
    Game::play(
        &mut g,
        jm("circle-red+square-blue", "square-yellow+pentagon-red"),
    )
    .expect("live");
    assert_eq!(u, g);
    Game::play(
        &mut g,
        jm("circle-yellow+pentagon-red", "square-yellow+triangle-red"),
    )
    .expect("live");
    assert_eq!(Game::scores(&g).as_slice(), &[0, 33]);
    assert_eq!(g.status(), Status::Over(Outcome::Winner(Player::P1)));
    assert_eq!(Game::outcome(&g), Some(Outcome::Winner(Player::P1)));
    for p in [Player::P0, Player::P1] {
        assert!(g.legal_actions(p).is_empty());
    }
}

#[test]
fn drawing_shows_the_pieces() {
    let g = Numa::default();
    let d = g.drawing();
    assert!(d.contains("yellow (north)"));
    assert!(d.contains("Arabic 0, Roman 0"));
    for n in ["1", "II", "III", "4"] {
        assert!(d.contains(n), "{n} in {d}");
    }
    let stacked = game(
        Options::standard(),
        [
            piece(3, 3, A),
            piece(3, 3, R),
            piece(1, 1, A),
            piece(5, 5, R),
        ],
        [0, 0],
    );
    assert!(stacked.drawing().contains("1/II"));
}
