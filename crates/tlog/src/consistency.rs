//! Consistency proofs (RFC 9162 §2.1.4): the hashes that show a tree of
//! `new` leaves begins with the very tree of `old` leaves, that is, that
//! the log only grew.

use std::ops::Range;

use crate::hash::Hash;
use crate::problem::Problem;
use crate::tree::{Sibling, climb, split};

/// The ranges of leaves whose hashes prove that the tree of `new` leaves
/// extends the tree of `old`, in the proof's order (RFC 9162's
/// SUBPROOF). Empty when `old` is 0 or `old == new`, where there is
/// nothing to prove, and when `old > new`, where nothing can be.
pub fn consistency_ranges(old: u64, new: u64) -> Vec<Range<u64>> {
    let mut ranges = Vec::new();
    if old == 0 || old >= new {
        return ranges;
    }
    // `whole`: the old tree is still the whole of the range looked at
    // (RFC 9162's `b`), so its root need not be given.
    let (mut lo, mut hi, mut whole) = (0, new, true);
    loop {
        let m = old - lo;
        if m == hi - lo {
            if !whole {
                ranges.push(lo..hi);
            }
            break;
        }
        let k = split(hi - lo);
        if m <= k {
            ranges.push(lo + k..hi);
            hi = lo + k;
        } else {
            ranges.push(lo..lo + k);
            lo += k;
            whole = false;
        }
    }
    ranges.reverse();
    ranges
}

/// Checks that `path` proves the tree of `new` leaves with root
/// `new_root` extends the tree of `old` leaves with root `old_root`
/// (RFC 9162 §2.1.4.2). Any tree extends the empty one (with an empty
/// proof); a tree extends itself only with an empty proof and the same
/// root.
///
/// ```
/// use arbiter_tlog::{Frontier, Hash, check_consistency};
/// let mut tree = Frontier::new();
/// tree.append(Hash::of_leaf(b"a"), |_, _| {});
/// let old = tree.root();
/// tree.append(Hash::of_leaf(b"b"), |_, _| {});
/// let proof = [Hash::of_leaf(b"b")];
/// assert!(check_consistency(1, &old, 2, &tree.root(), &proof).is_ok());
/// assert!(check_consistency(1, &Hash::of_leaf(b"c"), 2, &tree.root(), &proof).is_err());
/// ```
pub fn check_consistency(
    old: u64,
    old_root: &Hash,
    new: u64,
    new_root: &Hash,
    path: &[Hash],
) -> Result<(), Problem> {
    let fails = || Problem::ConsistencyFails { old, new };
    if old > new {
        return Err(Problem::TreeShrinks { old, new });
    }
    if old == 0 {
        return path.is_empty().then_some(()).ok_or_else(fails);
    }
    if old == new {
        return (path.is_empty() && old_root == new_root)
            .then_some(())
            .ok_or_else(fails);
    }
    // When the old tree is a complete subtree its root is the first hash
    // of the walk, and the proof leaves it out.
    let mut hashes = path.iter();
    let first = if old.is_power_of_two() {
        *old_root
    } else {
        *hashes.next().ok_or_else(fails)?
    };
    let (mut node, mut last) = (old - 1, new - 1);
    while node % 2 == 1 {
        node >>= 1;
        last >>= 1;
    }
    // `old_hash` rebuilds the old root, `new_hash` the new one, from the
    // same walk up the old tree's right edge.
    let (mut old_hash, mut new_hash) = (first, first);
    let at_root = climb(node, last, hashes, |sibling, side| match side {
        Sibling::Left => {
            old_hash = Hash::of_children(sibling, &old_hash);
            new_hash = Hash::of_children(sibling, &new_hash);
        }
        Sibling::Right => new_hash = Hash::of_children(&new_hash, sibling),
    });
    (at_root && old_hash == *old_root && new_hash == *new_root)
        .then_some(())
        .ok_or_else(fails)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::tests::{leaves, mth, proof_from_leaves};

    #[test]
    fn every_tree_is_proved_to_extend_every_smaller_one_and_a_changed_hash_fails() {
        let all = leaves(34);
        for new in 1..=34u64 {
            let new_root = mth(&all[..new as usize]);
            for old in 0..=new {
                let old_root = mth(&all[..old as usize]);
                let mut path = proof_from_leaves(&all, consistency_ranges(old, new));
                check_consistency(old, &old_root, new, &new_root, &path)
                    .unwrap_or_else(|e| panic!("{old} → {new}: {e:?}"));
                for k in 0..path.len() {
                    path[k].0[0] ^= 1;
                    assert!(check_consistency(old, &old_root, new, &new_root, &path).is_err());
                    path[k].0[0] ^= 1;
                }
                if old > 0 {
                    let mut wrong = old_root;
                    wrong.0[31] ^= 1;
                    assert!(check_consistency(old, &wrong, new, &new_root, &path).is_err());
                }
            }
        }
    }

    #[test]
    fn a_rewritten_history_is_not_consistent_with_the_old_tree() {
        let mut all = leaves(20);
        let old_root = mth(&all[..8]);
        // The log is rolled back to 5 leaves and grown again to 20.
        all[5] = Hash::of_leaf(b"another leaf 5");
        let new_root = mth(&all);
        let path = proof_from_leaves(&all, consistency_ranges(8, 20));
        assert_eq!(
            check_consistency(8, &old_root, 20, &new_root, &path),
            Err(Problem::ConsistencyFails { old: 8, new: 20 })
        );
        assert_eq!(
            check_consistency(20, &new_root, 8, &old_root, &[]),
            Err(Problem::TreeShrinks { old: 20, new: 8 })
        );
    }
}
