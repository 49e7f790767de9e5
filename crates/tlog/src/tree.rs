//! The shape of an append-only Merkle tree (RFC 9162 §2.1.1): which
//! complete subtrees make up a tree of any size, and the right edge that
//! grows one leaf at a time.
//!
//! A log never rewrites a hash once a subtree is complete, so a store keeps
//! the complete subtrees ([`Node`]s) and nothing else: every root, every
//! inclusion and consistency proof is a few of them folded together. The
//! writer keeps only the [`Frontier`] in memory (one hash per set bit of
//! the tree's size) and learns from each append which nodes it completed.

use std::ops::Range;

use crate::hash::Hash;

/// A complete subtree: the `2^level` leaves from `index · 2^level` on.
/// Level 0 is a leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Node {
    /// Its height: it covers `2^level` leaves.
    pub level: u8,
    /// Its place among the subtrees of its level, from the left.
    pub index: u64,
}

impl Node {
    /// The first leaf it covers.
    pub fn first_leaf(&self) -> u64 {
        self.index << self.level
    }

    /// One past the last leaf it covers.
    pub fn end(&self) -> u64 {
        (self.index + 1) << self.level
    }
}

/// The complete subtrees that make up the leaves `start..end` as RFC 6962
/// splits them, left to right: `start` must be a multiple of the largest
/// power of two not above `end - start` (true of every range a tree or a
/// proof names). Their hashes folded from the right ([`fold`]) give the
/// range's hash.
pub fn nodes_of_range(start: u64, end: u64) -> Vec<Node> {
    let mut nodes = Vec::new();
    let mut at = start;
    let mut left = end - start;
    while left > 0 {
        let level = 63 - left.leading_zeros() as u8;
        nodes.push(Node {
            level,
            index: at >> level,
        });
        at += 1 << level;
        left -= 1 << level;
    }
    nodes
}

/// The hash of a range from the hashes of its [`nodes_of_range`], left to
/// right: each node is the left child of the rest folded; the empty range
/// hashes to [`Hash::empty`].
pub fn fold(hashes: &[Hash]) -> Hash {
    let Some((last, rest)) = hashes.split_last() else {
        return Hash::empty();
    };
    rest.iter()
        .rev()
        .fold(*last, |right, left| Hash::of_children(left, &right))
}

/// The stored subtrees a proof's `ranges` need, each once, in order: what
/// a store reads before [`assemble`].
pub fn nodes_needed(ranges: &[Range<u64>]) -> Vec<Node> {
    let mut nodes: Vec<Node> = ranges
        .iter()
        .flat_map(|r| nodes_of_range(r.start, r.end))
        .collect();
    nodes.sort();
    nodes.dedup();
    nodes
}

/// A proof's hashes, one per range, from the stored subtrees' hashes
/// (`node_hash`); `None` if one is missing.
pub fn assemble(
    ranges: &[Range<u64>],
    mut node_hash: impl FnMut(Node) -> Option<Hash>,
) -> Option<Vec<Hash>> {
    ranges
        .iter()
        .map(|r| {
            let hashes = nodes_of_range(r.start, r.end)
                .into_iter()
                .map(&mut node_hash)
                .collect::<Option<Vec<Hash>>>()?;
            Some(fold(&hashes))
        })
        .collect()
}

/// A whole tree in memory, every complete subtree kept: for tests, and
/// for tools that read a log once from end to end.
#[derive(Clone, Debug, Default)]
pub struct MemoryTree {
    /// `levels[l][i]`: the hash of the node at level `l`, index `i`.
    levels: Vec<Vec<Hash>>,
    frontier: Frontier,
}

impl MemoryTree {
    /// The empty tree.
    pub fn new() -> MemoryTree {
        MemoryTree::default()
    }

    /// Appends a leaf by its hash.
    pub fn append(&mut self, leaf: Hash) {
        let levels = &mut self.levels;
        self.frontier.append(leaf, |node, hash| {
            if levels.len() <= node.level as usize {
                levels.push(Vec::new());
            }
            levels[node.level as usize].push(hash);
        });
    }

    /// How many leaves it holds.
    pub fn size(&self) -> u64 {
        self.frontier.size()
    }

    /// The root of the tree as it was at `size` leaves (`None` past the
    /// end).
    pub fn root_at(&self, size: u64) -> Option<Hash> {
        let hashes = Frontier::nodes(size)
            .into_iter()
            .map(|n| self.node(n))
            .collect::<Option<Vec<Hash>>>()?;
        Some(fold(&hashes))
    }

    /// The hash of a complete subtree, if the tree has it.
    pub fn node(&self, node: Node) -> Option<Hash> {
        self.levels
            .get(node.level as usize)?
            .get(node.index as usize)
            .copied()
    }

    /// The inclusion proof of leaf `index` in the tree at `size` leaves.
    pub fn inclusion_proof(&self, index: u64, size: u64) -> Option<Vec<Hash>> {
        if index >= size || size > self.size() {
            return None;
        }
        assemble(&crate::inclusion_ranges(index, size), |n| self.node(n))
    }

    /// The consistency proof from the tree at `old` leaves to `new`.
    pub fn consistency_proof(&self, old: u64, new: u64) -> Option<Vec<Hash>> {
        if old > new || new > self.size() {
            return None;
        }
        assemble(&crate::consistency_ranges(old, new), |n| self.node(n))
    }
}

/// The largest power of two strictly below `n` (`n` ≥ 2): where RFC 6962
/// splits a tree of `n` leaves.
pub(crate) fn split(n: u64) -> u64 {
    debug_assert!(n >= 2);
    1 << (63 - (n - 1).leading_zeros())
}

/// Which side of the hash built so far a proof's sibling hash stands on.
pub(crate) enum Sibling {
    Left,
    Right,
}

/// The walk of RFC 9162's proof checks: climbs from `node`, where the last
/// node at that height is `last`, one sibling of `path` a level, handing
/// each to `join` with its side. A right edge with no sibling at some
/// heights is climbed without one. True when the path ends at the root,
/// neither short of it nor beyond.
pub(crate) fn climb<'a>(
    mut node: u64,
    mut last: u64,
    path: impl IntoIterator<Item = &'a Hash>,
    mut join: impl FnMut(&'a Hash, Sibling),
) -> bool {
    for sibling in path {
        if last == 0 {
            return false;
        }
        if node % 2 == 1 || node == last {
            join(sibling, Sibling::Left);
            while node.is_multiple_of(2) && node != 0 {
                node >>= 1;
                last >>= 1;
            }
        } else {
            join(sibling, Sibling::Right);
        }
        node >>= 1;
        last >>= 1;
    }
    last == 0
}

/// The right edge of a tree: the hashes of the complete subtrees its
/// leaves make, from the largest to the smallest. Enough to append to the
/// tree and to give its root, without reading anything back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frontier {
    size: u64,
    /// One per set bit of `size`, highest level first.
    edge: Vec<(Node, Hash)>,
}

impl Frontier {
    /// The frontier of the empty tree.
    pub fn new() -> Frontier {
        Frontier::default()
    }

    /// The frontier of a tree of `size` leaves from the hashes of its
    /// [`Frontier::nodes`] in that order, as a store reads them back at
    /// start. `None` if the count does not match.
    pub fn from_nodes(size: u64, hashes: &[Hash]) -> Option<Frontier> {
        let nodes = Frontier::nodes(size);
        (nodes.len() == hashes.len()).then(|| Frontier {
            size,
            edge: nodes.into_iter().zip(hashes.iter().copied()).collect(),
        })
    }

    /// The complete subtrees whose hashes make the frontier of a tree of
    /// `size` leaves, largest first.
    pub fn nodes(size: u64) -> Vec<Node> {
        nodes_of_range(0, size)
    }

    /// How many leaves the tree holds.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The tree's root hash (RFC 6962's MTH).
    pub fn root(&self) -> Hash {
        let hashes: Vec<Hash> = self.edge.iter().map(|(_, h)| *h).collect();
        fold(&hashes)
    }

    /// The frontier's nodes and their hashes, largest first.
    pub fn edge(&self) -> &[(Node, Hash)] {
        &self.edge
    }

    /// Appends a leaf by its hash; calls `completed` with every subtree
    /// the leaf completes, the leaf itself first, then each larger one, so
    /// that a store can keep them.
    pub fn append(&mut self, leaf: Hash, mut completed: impl FnMut(Node, Hash)) {
        let mut node = Node {
            level: 0,
            index: self.size,
        };
        let mut hash = leaf;
        completed(node, hash);
        while let Some(&(left, left_hash)) = self.edge.last() {
            if left.level != node.level {
                break;
            }
            self.edge.pop();
            hash = Hash::of_children(&left_hash, &hash);
            node = Node {
                level: node.level + 1,
                index: left.index / 2,
            };
            completed(node, hash);
        }
        self.edge.push((node, hash));
        self.size += 1;
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// RFC 6962's MTH, straight from its definition.
    pub(crate) fn mth(leaves: &[Hash]) -> Hash {
        match leaves.len() {
            0 => Hash::empty(),
            1 => leaves[0],
            n => {
                let k = split(n as u64) as usize;
                Hash::of_children(&mth(&leaves[..k]), &mth(&leaves[k..]))
            }
        }
    }

    /// `n` distinct leaf hashes.
    pub(crate) fn leaves(n: u64) -> Vec<Hash> {
        (0..n)
            .map(|i| Hash::of_leaf(format!("leaf {i}").as_bytes()))
            .collect()
    }

    /// The proof made of `ranges` straight from the leaves: the MTH of
    /// each range (which is what a range's subtrees fold to, below).
    pub(crate) fn proof_from_leaves(all: &[Hash], ranges: Vec<Range<u64>>) -> Vec<Hash> {
        ranges
            .into_iter()
            .map(|r| mth(&all[r.start as usize..r.end as usize]))
            .collect()
    }

    #[test]
    fn the_frontier_gives_the_root_of_the_definition_at_every_size() {
        let all = leaves(70);
        let mut frontier = Frontier::new();
        assert_eq!(frontier.root(), mth(&[]));
        for (i, leaf) in all.iter().enumerate() {
            frontier.append(*leaf, |_, _| {});
            assert_eq!(frontier.root(), mth(&all[..=i]), "size {}", i + 1);
            assert_eq!(frontier.size(), i as u64 + 1);
        }
    }

    #[test]
    fn every_completed_node_is_the_hash_of_the_leaves_it_covers() {
        let all = leaves(40);
        let mut frontier = Frontier::new();
        let mut seen = Vec::new();
        for leaf in &all {
            frontier.append(*leaf, |node, hash| seen.push((node, hash)));
        }
        // 40 leaves complete 40 + 20 + 10 + 5 + 2 + 1 subtrees.
        assert_eq!(seen.len(), 78);
        for (node, hash) in seen {
            let range = node.first_leaf() as usize..node.end() as usize;
            assert_eq!(hash, mth(&all[range]), "{node:?}");
        }
    }

    #[test]
    fn a_frontier_read_back_from_its_nodes_goes_on_growing_the_same_tree() {
        let all = leaves(23);
        let mut frontier = Frontier::new();
        for leaf in &all[..13] {
            frontier.append(*leaf, |_, _| {});
        }
        let hashes: Vec<Hash> = frontier.edge().iter().map(|(_, h)| *h).collect();
        let mut again = Frontier::from_nodes(13, &hashes).unwrap();
        assert_eq!(again, frontier);
        assert!(Frontier::from_nodes(12, &hashes).is_none());
        for leaf in &all[13..] {
            again.append(*leaf, |_, _| {});
        }
        assert_eq!(again.root(), mth(&all));
    }

    #[test]
    fn a_memory_tree_proves_what_the_checks_accept() {
        let all = leaves(21);
        let mut tree = MemoryTree::new();
        for leaf in &all {
            tree.append(*leaf);
        }
        for size in 1..=21 {
            let root = tree.root_at(size).unwrap();
            assert_eq!(root, mth(&all[..size as usize]));
            for index in 0..size {
                let path = tree.inclusion_proof(index, size).unwrap();
                crate::check_inclusion(all[index as usize], index, size, &path, &root).unwrap();
            }
            for old in 0..=size {
                let path = tree.consistency_proof(old, size).unwrap();
                let old_root = tree.root_at(old).unwrap();
                crate::check_consistency(old, &old_root, size, &root, &path).unwrap();
            }
        }
        assert_eq!(tree.root_at(22), None);
        assert_eq!(tree.inclusion_proof(3, 22), None);
        assert_eq!(tree.consistency_proof(5, 4), None);
        let needed = nodes_needed(&crate::inclusion_ranges(4, 21));
        assert!(needed.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_range_is_its_complete_subtrees_folded_from_the_right() {
        let all = leaves(64);
        for (start, end) in [(0, 13), (8, 13), (16, 31), (32, 64), (48, 49), (0, 0)] {
            let hashes: Vec<Hash> = nodes_of_range(start, end)
                .iter()
                .map(|n| mth(&all[n.first_leaf() as usize..n.end() as usize]))
                .collect();
            assert_eq!(
                fold(&hashes),
                mth(&all[start as usize..end as usize]),
                "{start}..{end}"
            );
        }
    }
}
