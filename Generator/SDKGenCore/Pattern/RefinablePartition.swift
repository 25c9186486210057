/// A partition of `0..<count` into blocks that can only be split, each split in time
/// proportional to the number of elements named (the structure behind Hopcroft's algorithm).
struct RefinablePartition: Sendable {
    /// The elements, each block contiguous.
    private var elements: [Int]
    /// Where each element sits in `elements`.
    private var location: [Int]
    /// The block of each element (`-1` for elements outside every block).
    private var blockOf: [Int]
    /// Each block's range in `elements`.
    private var bounds: [Range<Int>]
    /// How many elements at the front of each block are marked by the split in progress.
    private var marked: [Int]

    /// A partition with the given non-empty blocks; elements not listed belong to no block.
    init(count: Int, initialBlocks: [[Int]]) {
        elements = []
        location = [Int](repeating: -1, count: count)
        blockOf = [Int](repeating: -1, count: count)
        bounds = []
        for block in initialBlocks where !block.isEmpty {
            let start = elements.count
            for element in block {
                location[element] = elements.count
                blockOf[element] = bounds.count
                elements.append(element)
            }
            bounds.append(start..<elements.count)
        }
        marked = [Int](repeating: 0, count: bounds.count)
    }

    /// How many blocks there are.
    var blockCount: Int { bounds.count }

    /// The block that holds `element`.
    func block(of element: Int) -> Int { blockOf[element] }

    /// The number of elements in `block`.
    func size(of block: Int) -> Int { bounds[block].count }

    /// The elements of `block` (a copy, unaffected by later splits).
    func members(of block: Int) -> [Int] { Array(elements[bounds[block]]) }

    /// Splits every block that holds some but not all of `splitter` (distinct elements of some
    /// block); returns (old block, new block) per split, the new block holding the named elements.
    mutating func split(by splitter: [Int]) -> [(kept: Int, split: Int)] {
        var touched: [Int] = []
        for element in splitter {
            let block = blockOf[element]
            guard block >= 0 else { continue }
            let slot = bounds[block].lowerBound + marked[block]
            let other = elements[slot]
            elements.swapAt(location[element], slot)
            location[other] = location[element]
            location[element] = slot
            if marked[block] == 0 { touched.append(block) }
            marked[block] += 1
        }
        var splits: [(kept: Int, split: Int)] = []
        for block in touched {
            let count = marked[block]
            marked[block] = 0
            guard count < bounds[block].count else { continue }
            let start = bounds[block].lowerBound
            let newBlock = bounds.count
            bounds.append(start..<(start + count))
            marked.append(0)
            bounds[block] = (start + count)..<bounds[block].upperBound
            for slot in start..<(start + count) { blockOf[elements[slot]] = newBlock }
            splits.append((block, newBlock))
        }
        return splits
    }
}
