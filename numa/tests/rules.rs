//! Numa's rules (RULES.md "Numa", seed 003_a9b87288b7310895.txt), checked
//! on hand-worked positions.

use numa::{
    Choice, ChoiceError, Colour, Face, Game, Instruction, JointMove, MoveParseError, NotationError,
    Numa, OptionError, Options, OptionsError, Outcome, ParseError, Piece, PlayError, Player,
    PlayerSet, RuleOptions, Setup, SetupError, Shape, Square, Status,
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
    .expect("test setups are valid")
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
    assert_eq!(g.points(), [0, 0]);
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
        .play(jm(
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
    assert_eq!(g.points(), [0, 7]);
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
        .play(jm("circle-red+square-blue", "square-yellow+pentagon-red"))
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
    assert_eq!(g.points(), [0, 7]);
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
        .play(jm(
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
    assert_eq!(g.points(), [0, 33]);
    assert_eq!(g.outcome(), Some(Outcome::Winner(Player::P1)));
    assert!(g.is_over());
    assert_eq!(g.status(), Status::Over(Outcome::Winner(Player::P1)));
}

#[test]
fn turn_report_paths_and_pairs() {
    let mut g = Numa::default();
    let r = g
        .play(jm(
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
        .play(jm("circle-red+square-blue", "square-yellow+pentagon-red"))
        .expect("turn 2");
    assert!(r2.to_string().ends_with("no points"));
    assert_eq!(r2.paths[1].steps.as_slice(), &[sq(4, 2), sq(4, 3)]);
    assert_eq!(r2.paths[1].face, A);
}

#[test]
fn game_over_refuses_turns_and_keeps_state() {
    let mut g = Numa::default();
    g.play(jm(
        "pentagon-red+square-blue",
        "pentagon-yellow+circle-green",
    ))
    .expect("turn 1");
    g.play(jm("circle-red+square-blue", "square-yellow+pentagon-red"))
        .expect("turn 2");
    g.play(jm(
        "circle-yellow+pentagon-red",
        "square-yellow+triangle-red",
    ))
    .expect("turn 3");
    let before = g;
    for mv in [
        jm("pentagon-red+square-blue", "pentagon-yellow+circle-green"),
        jm("triangle-yellow+square-red", "circle-blue+pentagon-green"),
    ] {
        assert_eq!(g.play(mv), Err(PlayError::GameOver));
        assert_eq!(g, before);
        assert_eq!(
            g.joint_move(&[(Player::P0, mv.arabic), (Player::P1, mv.roman)]),
            Err(PlayError::GameOver)
        );
        assert_eq!(g, before);
        assert!(!g.is_legal(&mv));
    }
    assert!(g.legal_actions(Player::P0).is_empty());
    assert!(g.legal_actions(Player::P1).is_empty());
    assert_eq!(Game::outcome(&g), Some(Outcome::Winner(Player::P1)));
    // play_unchecked changes nothing after the end either (documented).
    let mut h = g;
    h.play_unchecked(jm(
        "triangle-yellow+square-red",
        "circle-blue+pentagon-green",
    ));
    assert_eq!(h, g);
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
        .play(jm(
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
        .play(jm(
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
        .play(jm(
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
    assert_eq!(g.points(), [3, 7]);
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
    g.play(jm(
        "triangle-blue+circle-green",
        "pentagon-red+square-yellow",
    ))
    .expect("live");
    assert_eq!(g.points(), [30, 30]);
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
        .play(jm(
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
    assert_eq!(quiet.points(), [30, 30]);
    assert_eq!(quiet.outcome(), None);

    // From the tie, triangle and pentagon each go out and back, flipping
    // twice: the position is unchanged and scores 3 and 7 again: 33-37,
    // Roman wins on the differing scores.
    // triangle (1,1) -yellow-> (1,2) -blue-> (1,1): the Arabic steps first.
    // pentagon (5,4) -red-> off the east edge (1,4) -green-> off the west
    // edge (5,4).
    let before = *g.pieces();
    let r = g
        .play(jm(
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
    assert_eq!(g.points(), [33, 37]);
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
        .play(jm(
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
        let r = g.play(JointMove { arabic, roman }).expect("live");
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
    g.play(jm(
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
    assert_eq!(all, Choice::ALL);
    // The stable order: first shape, second shape, first colour, second
    // colour.
    let order = |c: &Choice| {
        let [a, b] = c.instructions();
        (a.shape, b.shape, a.colour, b.colour)
    };
    assert!(all.windows(2).all(|w| order(&w[0]) < order(&w[1])));
    assert_eq!(all[0].to_string(), "triangle-yellow+square-red");
    assert_eq!(all[71].to_string(), "pentagon-green+circle-blue");
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
    let d = format!("{g:#}");
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
    assert!(format!("{stacked:#}").contains("1/II"));
}

#[test]
fn joint_move_takes_both_players_in_any_order() {
    let g = Numa::default();
    let (a, r) = (
        choice("pentagon-red+square-blue"),
        choice("pentagon-yellow+circle-green"),
    );
    let want = JointMove {
        arabic: a,
        roman: r,
    };
    assert_eq!(g.joint_move(&[(Player::P0, a), (Player::P1, r)]), Ok(want));
    assert_eq!(g.joint_move(&[(Player::P1, r), (Player::P0, a)]), Ok(want));
    assert_eq!(want.choice(Player::P0), Some(a));
    assert_eq!(want.choice(Player::P1), Some(r));
    let p2 = Player::new(2).expect("a player index");
    assert_eq!(want.choice(p2), None);
}

#[test]
fn joint_move_errors_are_typed() {
    use numa::JointMoveError::{DuplicatePlayer, MissingPlayer, NoSuchPlayer};
    let g = Numa::default();
    let c = choice("pentagon-red+square-blue");
    let p2 = Player::new(2).expect("a player index");
    let p5 = Player::new(5).expect("a player index");
    let err = |e| Err(PlayError::Joint(e));
    assert_eq!(g.joint_move(&[]), err(MissingPlayer(Player::P0)));
    assert_eq!(
        g.joint_move(&[(Player::P0, c)]),
        err(MissingPlayer(Player::P1))
    );
    assert_eq!(
        g.joint_move(&[(Player::P1, c)]),
        err(MissingPlayer(Player::P0))
    );
    assert_eq!(
        g.joint_move(&[(Player::P0, c), (Player::P0, c)]),
        err(DuplicatePlayer(Player::P0))
    );
    assert_eq!(
        g.joint_move(&[(Player::P1, c), (Player::P0, c), (Player::P1, c)]),
        err(DuplicatePlayer(Player::P1))
    );
    assert_eq!(
        g.joint_move(&[(Player::P0, c), (Player::P1, c), (p2, c)]),
        err(NoSuchPlayer(p2))
    );
    assert_eq!(g.joint_move(&[(p5, c)]), err(NoSuchPlayer(p5)));
    // The first fault in the list is the one reported.
    assert_eq!(
        g.joint_move(&[(Player::P0, c), (Player::P0, c), (p2, c)]),
        err(DuplicatePlayer(Player::P0))
    );
    assert_eq!(
        PlayError::Joint(NoSuchPlayer(p2)).to_string(),
        "player 2 does not play Numa (players 0 and 1 do)"
    );
    assert_eq!(
        PlayError::Joint(MissingPlayer(Player::P1)).to_string(),
        "player 1 must choose too: both players choose every turn"
    );
    // A finished game: game over first, whatever the pairs.
    let over = game(Options::standard(), *g.pieces(), [31, 2]);
    assert_eq!(
        over.joint_move(&[(Player::P0, c), (Player::P1, c)]),
        Err(PlayError::GameOver)
    );
    assert_eq!(over.joint_move(&[(p2, c)]), Err(PlayError::GameOver));
}

#[test]
fn options_are_checked() {
    let zero = Options {
        target: 0,
        wrap_adjacency: true,
    };
    assert_eq!(zero.check(), Err(OptionsError::ZeroTarget));
    assert_eq!(Numa::new(zero), Err(OptionsError::ZeroTarget));
    assert_eq!(
        Numa::from_setup(Setup {
            options: zero,
            ..Numa::default().to_setup()
        }),
        Err(SetupError::Options(OptionsError::ZeroTarget))
    );
    assert_eq!(Numa::new(Options::standard()), Ok(Numa::default()));
    let one = Options {
        target: 1,
        wrap_adjacency: false,
    };
    let g = Numa::new(one).expect("target 1 is a game");
    assert_eq!(*g.options(), one);
    assert_eq!(g.pieces(), Numa::default().pieces());
    assert_eq!(g.points(), [0, 0]);
    assert_eq!(
        OptionsError::ZeroTarget.to_string(),
        "the target must be at least 1"
    );
}

#[test]
fn options_as_key_value_words() {
    assert_eq!(
        <Options as RuleOptions>::KEYS,
        &["target", "wrap_adjacency"]
    );
    let mut o = Options::standard();
    assert_eq!(o.value("target").as_deref(), Some("30"));
    assert_eq!(o.value("wrap_adjacency").as_deref(), Some("true"));
    assert_eq!(o.value("seeds"), None);
    o.set("target", "12").expect("a number");
    o.set("wrap_adjacency", "false").expect("a boolean");
    assert_eq!(
        o,
        Options {
            target: 12,
            wrap_adjacency: false
        }
    );
    assert_eq!(o.to_string(), "target=12 wrap_adjacency=false");
    assert_eq!("target=12 wrap_adjacency=false".parse::<Options>(), Ok(o));
    assert_eq!("wrap_adjacency=false target=12".parse::<Options>(), Ok(o));
    assert_eq!("".parse::<Options>(), Ok(Options::standard()));
    assert_eq!(Options::standard().to_string(), "");
    assert_eq!("target=30".parse::<Options>(), Ok(Options::standard()));
    // Refused values leave the options as they were.
    let before = o;
    for (key, value) in [
        ("target", "0"),
        ("target", "-1"),
        ("target", "+5"),
        ("target", "4294967296"),
        ("target", "ten"),
        ("target", ""),
        ("wrap_adjacency", "yes"),
        ("wrap_adjacency", "TRUE"),
    ] {
        let e = o.set(key, value).expect_err(value);
        assert!(
            matches!(e, OptionError::BadValue { .. }),
            "{key}={value}: {e:?}"
        );
        assert_eq!(o, before);
    }
    assert_eq!(
        o.set("target", "0").map_err(|e| e.to_string()),
        Err("option `target`: `0` is not a number from 1 to 1000000000".to_string())
    );
    assert!(matches!(
        o.set("houses", "4"),
        Err(OptionError::UnknownKey { .. })
    ));
    assert!(matches!(
        "target=5 target=6".parse::<Options>(),
        Err(OptionError::Duplicate(_))
    ));
    assert!(matches!(
        "target".parse::<Options>(),
        Err(OptionError::NotKeyValue(_))
    ));
    o.set("target", "1000000000").expect("the largest target");
    assert_eq!(o.target, numa::SCORE_LIMIT);
    assert!(o.set("target", "1000000001").is_err());
    assert!(o.set("target", "4294967295").is_err());
}

#[test]
fn position_notation() {
    let mut g = Numa::default();
    assert_eq!(g.to_string(), "1@2,4/II@4,4/III@2,2/4@4,2 0,0");
    let turns = [
        (
            "pentagon-red+square-blue/pentagon-yellow+circle-green",
            "1@2,4/2@4,3/III@3,3/IV@3,2 0,7",
        ),
        (
            "circle-red+square-blue/square-yellow+pentagon-red",
            "1@2,4/2@4,3/3@4,3/4@4,2 0,7",
        ),
        (
            "circle-yellow+pentagon-red/square-yellow+triangle-red",
            "I@3,4/II@4,4/III@5,3/IV@4,3 0,33",
        ),
    ];
    for (mv, after) in turns {
        g.play(mv.parse().expect("a joint move")).expect("live");
        assert_eq!(g.to_string(), after);
        assert_eq!(after.parse::<Numa>(), Ok(g));
    }
    assert!(after_parse("I@3,4/II@4,4/III@5,3/IV@4,3 0,33").is_over());
    // Options that differ from the standard follow.
    let flat = Options {
        target: 12,
        wrap_adjacency: false,
    };
    // The largest score a game holds (MAX_SCORE = 1,000,000,029).
    let g = game(flat, *Numa::default().pieces(), [3, 1_000_000_029]);
    assert_eq!(
        g.to_string(),
        "1@2,4/II@4,4/III@2,2/4@4,2 3,1000000029 target=12 wrap_adjacency=false"
    );
    assert_eq!(g.to_string().parse::<Numa>(), Ok(g));
    // Extra whitespace is allowed; what reads back prints canonically.
    let spaced: Numa = "  1@2,4/II@4,4/III@2,2/4@4,2\t0,0   target=30 "
        .parse()
        .expect("spaces");
    assert_eq!(spaced, Numa::default());
    assert_eq!(spaced.to_string(), "1@2,4/II@4,4/III@2,2/4@4,2 0,0");
}

fn after_parse(s: &str) -> Numa {
    s.parse().expect("a position")
}

#[test]
fn position_notation_errors_name_the_part() {
    let e = |s: &str| s.parse::<Numa>().expect_err(s);
    let invalid = |s: &str| match e(s) {
        ParseError::Notation(NotationError::Invalid { part, .. }) => part,
        other => panic!("{s}: {other:?}"),
    };
    let missing = |s: &str| match e(s) {
        ParseError::Notation(NotationError::Missing(part)) => part,
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(missing(""), "pieces");
    assert_eq!(missing("   "), "pieces");
    assert_eq!(missing("1@2,4/II@4,4/III@2,2/4@4,2"), "scores");
    assert_eq!(missing("1@2,4/II@4,4/III@2,2 0,0"), "circle");
    assert_eq!(missing("1@2,4 0,0"), "square");
    assert_eq!(invalid("1@2,4/II@4,4/III@2,2/4@4,2/1@1,1 0,0"), "pieces");
    // The wrong numeral for the shape, or the pieces out of order.
    assert_eq!(invalid("2@2,4/II@4,4/III@2,2/4@4,2 0,0"), "triangle");
    assert_eq!(invalid("1@2,4/III@4,4/III@2,2/4@4,2 0,0"), "square");
    assert_eq!(invalid("1@2,4/II@4,4/iii@2,2/4@4,2 0,0"), "pentagon");
    assert_eq!(invalid("1@2,4/II@4,4/III@2,2/IIII@4,2 0,0"), "circle");
    // Squares off the board or malformed.
    for square in [
        "0,1", "6,1", "1,6", "1,0", "1", "1,2,3", "01,2", " 1,2", "a,b", "", "1;2",
    ] {
        let text = format!("1@{square}/II@4,4/III@2,2/4@4,2 0,0");
        assert_eq!(invalid(&text), "triangle", "{text}");
    }
    assert_eq!(invalid("1(2,4)/II@4,4/III@2,2/4@4,2 0,0"), "triangle");
    // Scores.
    for scores in [
        "0",
        "0,0,0",
        "-1,0",
        "+1,0",
        "0,x",
        ",0",
        "0,",
        "4294967296,0",
    ] {
        let text = format!("1@2,4/II@4,4/III@2,2/4@4,2 {scores}");
        assert_eq!(invalid(&text), "scores", "{text}");
    }
    // Options.
    assert!(matches!(
        e("1@2,4/II@4,4/III@2,2/4@4,2 0,0 target=0"),
        ParseError::Notation(NotationError::Option(OptionError::BadValue { .. }))
    ));
    assert!(matches!(
        e("1@2,4/II@4,4/III@2,2/4@4,2 0,0 over"),
        ParseError::Notation(NotationError::Option(OptionError::NotKeyValue(_)))
    ));
    assert!(matches!(
        e("1@2,4/II@4,4/III@2,2/4@4,2 0,0 seeds=4"),
        ParseError::Notation(NotationError::Option(OptionError::UnknownKey { .. }))
    ));
    assert_eq!(
        e("1@2,4/II@4,4/III@2,2/4@4,6 0,0").to_string(),
        "circle: `4@4,6` is not the circle as 4@X,Y or IV@X,Y (1 <= X, Y <= 5)"
    );
}

#[test]
fn joint_move_text() {
    let mv = jm("pentagon-red+square-blue", "pentagon-yellow+circle-green");
    assert_eq!(
        mv.to_string(),
        "pentagon-red+square-blue/pentagon-yellow+circle-green"
    );
    assert_eq!(mv.to_string().parse::<JointMove>(), Ok(mv));
    // The order of the instructions inside a choice does not matter.
    assert_eq!(
        "square-blue+pentagon-red/circle-green+pentagon-yellow".parse::<JointMove>(),
        Ok(mv)
    );
    let p = |s: &str| s.parse::<JointMove>();
    assert_eq!(p(""), Err(MoveParseError::Syntax));
    assert_eq!(p("pentagon-red+square-blue"), Err(MoveParseError::Syntax));
    assert_eq!(
        p("pentagon-red+square-blue/pentagon-yellow+circle-green/"),
        Err(MoveParseError::Syntax)
    );
    assert_eq!(
        p("/pentagon-yellow+circle-green"),
        Err(MoveParseError::Arabic(ChoiceError::Syntax))
    );
    assert_eq!(
        p("pentagon-red+pentagon-blue/pentagon-yellow+circle-green"),
        Err(MoveParseError::Arabic(ChoiceError::SameShape))
    );
    assert_eq!(
        p("pentagon-red+square-blue/pentagon-yellow+circle-yellow"),
        Err(MoveParseError::Roman(ChoiceError::SameColour))
    );
    assert_eq!(
        p("pentagon-red+square-blue/hexagon-yellow+circle-green"),
        Err(MoveParseError::Roman(ChoiceError::UnknownShape))
    );
    assert_eq!(
        MoveParseError::Roman(ChoiceError::SameColour).to_string(),
        "Roman's choice: the two instructions must use different colours"
    );
}

#[test]
fn joint_move_json_is_the_trace_form() {
    let mv = jm("pentagon-red+square-blue", "pentagon-yellow+circle-green");
    let json = serde_json::to_string(&mv).expect("serializes");
    assert_eq!(
        json,
        r#"{"arabic":[["pentagon","red"],["square","blue"]],"roman":[["pentagon","yellow"],["circle","green"]]}"#
    );
    assert_eq!(serde_json::from_str::<JointMove>(&json).ok(), Some(mv));
    assert!(
        serde_json::from_str::<JointMove>(
            r#"{"arabic":[["pentagon","red"],["square","blue"]],"roman":[["pentagon","yellow"],["circle","green"]],"x":1}"#
        )
        .is_err(),
        "unknown fields are refused"
    );
}

#[test]
fn serde_checks_the_setup() {
    let g = game(Options::standard(), *Numa::default().pieces(), [5, 9]);
    let json = serde_json::to_string(&g).expect("serializes");
    assert_eq!(
        json,
        r#"{"options":{"target":30,"wrap_adjacency":true},"pieces":[{"square":[2,4],"face":"arabic"},{"square":[4,4],"face":"roman"},{"square":[2,2],"face":"roman"},{"square":[4,2],"face":"arabic"}],"scores":[5,9]}"#
    );
    assert_eq!(serde_json::from_str::<Numa>(&json).ok(), Some(g));
    let zero = json.replace(r#""target":30"#, r#""target":0"#);
    assert!(serde_json::from_str::<Numa>(&zero).is_err());
    assert!(
        serde_json::from_str::<Setup>(&zero).is_ok(),
        "a setup is unchecked"
    );
    for extra in [
        json.replace(r#""scores""#, r#""over":true,"scores""#),
        json.replace(r#""target":30"#, r#""target":30,"seeds":4"#),
        json.replace(r#""face":"roman"}"#, r#""face":"roman","x":0}"#),
    ] {
        assert!(serde_json::from_str::<Numa>(&extra).is_err(), "{extra}");
        assert!(serde_json::from_str::<Setup>(&extra).is_err(), "{extra}");
    }
}

#[test]
fn keys_follow_the_position() {
    let start = Numa::default();
    assert_eq!(start.key(), Numa::default().key());
    // Every single-step move of one piece, with or without a flip, and every
    // small score: all different keys.
    let mut keys = std::collections::HashSet::new();
    let mut positions = std::collections::HashSet::new();
    for shape in Shape::ALL {
        for x in 1..=5 {
            for y in 1..=5 {
                for face in [A, R] {
                    for scores in [[0, 0], [0, 1], [1, 0], [29, 31], [1 << 19, (1 << 20) - 1]] {
                        let mut pieces = *start.pieces();
                        pieces[shape.index()] = piece(x, y, face);
                        let g = game(Options::standard(), pieces, scores);
                        if positions.insert(g) {
                            assert!(keys.insert(g.key()), "{g}");
                        }
                    }
                }
            }
        }
    }
    assert_eq!(keys.len(), positions.len());
    // The options are not hashed; large scores are mixed, not packed.
    let flat = game(
        Options {
            target: 12,
            wrap_adjacency: false,
        },
        *start.pieces(),
        [0, 0],
    );
    assert_eq!(flat.key(), start.key());
    let big = game(Options::standard(), *start.pieces(), [1 << 20, 0]);
    let bigger = game(Options::standard(), *start.pieces(), [numa::MAX_SCORE, 0]);
    assert_ne!(big.key(), bigger.key());
    assert_ne!(big.key(), start.key());
}

#[test]
fn drawing_of_the_start() {
    let want = "        yellow (north)
  5 |   .       .       .       .       .    |
  4 |   .       1       .       II      .    |
  3 |   .       .       .       .       .    |
  2 |   .      III      .       4       .    |
  1 |   .       .       .       .       .    |
        1       2       3       4       5    
  Arabic 0, Roman 0";
    assert_eq!(format!("{:#}", Numa::default()), want);
}
