//! The matrix arithmetic of the rating fit: square matrices as rows of
//! `f64`, small enough (one row an agent) for plain Gauss–Jordan.

/// Adds `w (e_a − e_b)(e_a − e_b)ᵀ` to `m`.
pub(super) fn add_pair(m: &mut [Vec<f64>], a: usize, b: usize, w: f64) {
    m[a][a] += w;
    m[b][b] += w;
    m[a][b] -= w;
    m[b][a] -= w;
}

/// The Moore–Penrose inverse of a connected graph Laplacian `L` (its null
/// space the constant vectors): `(L + 11ᵀ/n)⁻¹ − 11ᵀ/n`.
pub(super) fn pseudo_inverse(l: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = l.len();
    let k = 1.0 / n as f64;
    let shifted: Vec<Vec<f64>> = l
        .iter()
        .map(|row| row.iter().map(|x| x + k).collect())
        .collect();
    let inverse = invert(shifted)?;
    Some(
        inverse
            .into_iter()
            .map(|row| row.into_iter().map(|x| x - k).collect())
            .collect(),
    )
}

/// Gauss–Jordan inversion with partial pivoting; `None` if singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for k in 0..n {
            a[col][k] /= d;
            inv[col][k] /= d;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for k in 0..n {
                        a[row][k] -= f * a[col][k];
                        inv[row][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    Some(inv)
}

/// The product `m v`.
pub(super) fn mul(m: &[Vec<f64>], v: &[f64]) -> Vec<f64> {
    m.iter()
        .map(|row| row.iter().zip(v).map(|(a, b)| a * b).sum())
        .collect()
}

/// The product `a b`.
pub(super) fn matmul(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = b.first().map_or(0, Vec::len);
    a.iter()
        .map(|row| {
            (0..n)
                .map(|j| row.iter().zip(b).map(|(x, brow)| x * brow[j]).sum())
                .collect()
        })
        .collect()
}
