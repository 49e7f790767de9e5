//! Inclusion proofs (RFC 9162 §2.1.3): the hashes that lead from one leaf
//! to the root of a tree that holds it.

use std::ops::Range;

use crate::hash::Hash;
use crate::problem::Problem;
use crate::tree::{Sibling, climb, split};

/// The ranges of leaves whose hashes prove that leaf `index` is in the tree
/// of `size` leaves, in the proof's order: the leaf's sibling first, the
/// root's child last. Each is a range [`crate::tree::nodes_of_range`]
/// splits into stored subtrees. Empty unless `index < size`.
pub fn inclusion_ranges(index: u64, size: u64) -> Vec<Range<u64>> {
    let mut ranges = Vec::new();
    if index >= size {
        return ranges;
    }
    let (mut lo, mut hi) = (0, size);
    while hi - lo > 1 {
        let k = split(hi - lo);
        if index < lo + k {
            ranges.push(lo + k..hi);
            hi = lo + k;
        } else {
            ranges.push(lo..lo + k);
            lo += k;
        }
    }
    ranges.reverse();
    ranges
}

/// Checks that `path` leads from the hash of leaf `index` to `root`, the
/// root of a tree of `size` leaves (RFC 9162 §2.1.3.2).
///
/// ```
/// use arbiter_tlog::{Frontier, Hash, check_inclusion};
/// let (a, b) = (Hash::of_leaf(b"a"), Hash::of_leaf(b"b"));
/// let mut tree = Frontier::new();
/// tree.append(a, |_, _| {});
/// tree.append(b, |_, _| {});
/// assert!(check_inclusion(a, 0, 2, &[b], &tree.root()).is_ok());
/// assert!(check_inclusion(a, 1, 2, &[b], &tree.root()).is_err());
/// ```
pub fn check_inclusion(
    leaf: Hash,
    index: u64,
    size: u64,
    path: &[Hash],
    root: &Hash,
) -> Result<(), Problem> {
    let fails = || Problem::InclusionFails { index, size };
    if index >= size {
        return Err(Problem::IndexBeyondTree { index, size });
    }
    // The walk starts at the leaf; the last leaf's position tells a node
    // with no right sibling.
    let mut hash = leaf;
    let at_root = climb(index, size - 1, path, |sibling, side| {
        hash = match side {
            Sibling::Left => Hash::of_children(sibling, &hash),
            Sibling::Right => Hash::of_children(&hash, sibling),
        }
    });
    (at_root && hash == *root).then_some(()).ok_or_else(fails)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Frontier;
    use crate::tree::tests::{leaves, proof_from_leaves};

    #[test]
    fn every_leaf_of_every_tree_is_proved_and_any_changed_hash_fails() {
        let all = leaves(33);
        let mut tree = Frontier::new();
        for size in 1..=33u64 {
            tree.append(all[size as usize - 1], |_, _| {});
            let root = tree.root();
            for index in 0..size {
                let mut path = proof_from_leaves(&all, inclusion_ranges(index, size));
                check_inclusion(all[index as usize], index, size, &path, &root)
                    .unwrap_or_else(|e| panic!("{index} of {size}: {e:?}"));
                for k in 0..path.len() {
                    path[k].0[0] ^= 1;
                    assert!(
                        check_inclusion(all[index as usize], index, size, &path, &root).is_err()
                    );
                    path[k].0[0] ^= 1;
                }
                if size > 1 {
                    let other = (index + 1) % size;
                    assert!(
                        check_inclusion(all[index as usize], other, size, &path, &root).is_err()
                    );
                }
            }
        }
    }

    #[test]
    fn a_proof_with_a_hash_too_many_or_too_few_fails() {
        let all = leaves(11);
        let mut tree = Frontier::new();
        for leaf in &all {
            tree.append(*leaf, |_, _| {});
        }
        let path = proof_from_leaves(&all, inclusion_ranges(4, 11));
        assert!(check_inclusion(all[4], 4, 11, &path, &tree.root()).is_ok());
        let mut longer = path.clone();
        longer.push(all[0]);
        assert!(check_inclusion(all[4], 4, 11, &longer, &tree.root()).is_err());
        assert!(check_inclusion(all[4], 4, 11, &path[..path.len() - 1], &tree.root()).is_err());
        assert_eq!(
            check_inclusion(all[4], 11, 11, &path, &tree.root()),
            Err(Problem::IndexBeyondTree {
                index: 11,
                size: 11
            })
        );
    }
}
